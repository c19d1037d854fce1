import { END_OF_TURN_WAIT_MS, VOICE, type Patience } from '@candor/shared';
import type { RecogniserEvent } from '@/features/interview/voice/recogniser';
import {
  INITIAL_TURN,
  type TurnEffect,
  type TurnEvent,
  type TurnModel,
} from '@/features/interview/voice/turn-taking/state';
import { turnStep } from '@/features/interview/voice/turn-taking/step';

/** The end-of-turn waits at normal patience (decision 037), and the clock's tick. */
export const WAIT = {
  /** After a finished sentence. */
  short: END_OF_TURN_WAIT_MS.normal.finished,
  /** After an unfinished thought. */
  long: END_OF_TURN_WAIT_MS.normal.unfinished,
  tick: VOICE.silenceCheckEveryMs,
};

/**
 * The turn-taking stages driven by scripted events alone: no recogniser, no speaker, no clock.
 * Each test writes out what the recogniser, the speaker and the live session would report, and
 * reads the effects (listen, speak, silence, answer…) and the state that come out.
 */
export function turnScript(options: { patience?: Patience } = {}) {
  let state: TurnModel = INITIAL_TURN;
  let now = 1_000_000;
  const effects: TurnEffect[] = [];
  const s = {
    patience: options.patience ?? ('normal' as Patience),
    get state() {
      return state;
    },
    get view() {
      return state.view;
    },
    get now() {
      return now;
    },
    effects,
    send(event: TurnEvent) {
      const step = turnStep(state, event, now);
      state = step.state;
      effects.push(...step.effects);
      return step;
    },
    /** The recogniser reports; `echo`: while carrying out what it was asked. */
    hear(event: RecogniserEvent, echo = false) {
      return s.send({ type: 'recognition', event, echo });
    },
    /** Words, final or still being recognised. */
    say(text: string, final = true) {
      return s.hear(
        final
          ? { type: 'words', finals: [{ text, confidence: 0.9 }], interim: '' }
          : { type: 'words', finals: [], interim: text },
      );
    },
    /** Time passes, the clock ticking every VOICE.silenceCheckEveryMs. */
    wait(ms: number, maxAnswerMs: number | null = null) {
      const end = now + ms;
      while (now + VOICE.silenceCheckEveryMs <= end) {
        now += VOICE.silenceCheckEveryMs;
        s.send({ type: 'tick', maxAnswerMs, patience: s.patience });
      }
      now = end;
    },
    /** The microphone on, the recogniser started and live (what a browser reports). */
    micOn() {
      s.send({ type: 'mic-on' });
      s.hear({ type: 'mode', mode: 'answer', live: true }, true);
    },
    /** The server streams `text` as reply `n`, whole. */
    reply(text: string, n = 1) {
      s.send({ type: 'reply-started', reply: n });
      s.send({ type: 'reply-delta', text });
      s.send({ type: 'reply-ended', text });
    },
    answers: () =>
      effects.flatMap((e) =>
        e.type === 'answer' ? [{ text: e.text, meta: e.meta, continues: e.continues }] : [],
      ),
    of: <K extends TurnEffect['type']>(type: K) =>
      effects.filter((e): e is Extract<TurnEffect, { type: K }> => e.type === type),
    /** The sentences handed to the speaker, with their numbers. */
    spoken: () =>
      effects.flatMap((e) => (e.type === 'voice' && e.effect.type === 'speak' ? [e.effect] : [])),
    /** The interviewer was cut off: the silences that report what was heard. */
    cuts: () =>
      effects.flatMap((e) =>
        e.type === 'voice' && e.effect.type === 'silence' && e.report ? [e] : [],
      ),
  };
  return s;
}
