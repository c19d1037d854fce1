import { DEFAULT_PATIENCE, VOICE, type Patience } from '@candor/shared';
import type { AnswerRecorderLike, RecordedAnswer } from './answer-recorder';
import { Recogniser, type RecogniserDeps, type RecogniserLike } from './recogniser';
import { SentencePlayer } from './sentence-player';
import { listenModeNow } from './turn-taking/listening';
import {
  INITIAL_TURN,
  type TurnEffect,
  type TurnEvent,
  type TurnModel,
  type TurnState,
  type TypedResult,
} from './turn-taking/state';
import { turnStep } from './turn-taking/step';
import type { AnswerMeta, ClockLike, RecognitionLike, SpeakerLike } from './types';

export {
  INITIAL_TURN_STATE,
  type Phase,
  type TurnState,
  type TypedResult,
} from './turn-taking/state';

export interface TurnDeps {
  createRecognition: () => RecognitionLike | null;
  speaker: SpeakerLike;
  clock: ClockLike;
  language: string;
  /**
   * An answer to send to the server, with its audio when the recording stage kept it (settles
   * once the recorder has handed it over; null: none). `continues`: it goes on from the last
   * answer sent, before a word of the interviewer's reply was heard (decision 037).
   */
  onAnswer: (
    text: string,
    meta: AnswerMeta,
    audio?: Promise<RecordedAnswer | null>,
    continues?: boolean,
  ) => void;
  /**
   * The recording stage (issue 14): records from the moment the answer is listened for until it
   * is sent. Absent when recordings are off for the attempt or the browser cannot record.
   */
  recorder?: AnswerRecorderLike | null;
  onChange: (state: TurnState) => void;
  /** The interviewer was cut off; `heard` is what the candidate actually heard of the reply. */
  onInterrupted?: (heard: string) => void;
  /** Another recogniser than the browser's (server recognition: server-recogniser.ts). */
  createRecogniser?: (deps: RecogniserDeps) => RecogniserLike;
  /**
   * The longest an answer may be spoken before it is sent as it stands (a demanding interviewer
   * stops a ramble: "Let me stop you there…", issue 15); null or absent: no limit.
   */
  maxAnswerMs?: () => number | null;
  /** The candidate's patience at the end of an answer (decision 037); normal when absent. */
  patience?: () => Patience;
}

/** Interviewer work waiting in the normal lane, and the reply it belongs to (0: none). */
interface Work {
  reply: number;
  event: TurnEvent;
}

/**
 * The turn-taking of a spoken interview, run: the pure stages (turnStep in turn-taking/step.ts)
 * decide, this shell carries their effects out against the recogniser, the speaker, the
 * recording stage and the live session, and feeds what those report back in as events. No React
 * and no browser globals: recognition, speech and time are injected.
 *
 * Two lanes. Interviewer work (a reply starting, its text, its end, waiting for one) runs in order:
 * asked for while other work is running (from inside a callback), it waits behind it. The urgent
 * lane — a manual interrupt, the time-up flush, End — acts at once (asked for in the middle of a
 * step, right after that step), ahead of anything queued, and the queued work of the reply it cut
 * off is dropped. The candidate's own actions and what the recogniser and speaker report are
 * stepped at once.
 */
export class TurnController {
  private model: TurnModel = INITIAL_TURN;
  private readonly recogniser: RecogniserLike;
  private readonly player: SentencePlayer;
  private ticker: unknown = null;
  private work: Work[] = [];
  private urgentWork: (() => void)[] = [];
  private working = false;
  /** Replies asked for so far: each reply's work is numbered when it is asked for. */
  private repliesAsked = 0;
  /** Inside a call to the recogniser: the modes it reports answer what was asked of it. */
  private askingRecogniser = false;

  constructor(private readonly deps: TurnDeps) {
    const recogniserDeps: RecogniserDeps = {
      createRecognition: deps.createRecognition,
      clock: deps.clock,
      language: deps.language,
      onEvent: (event) =>
        void this.step({ type: 'recognition', event, echo: this.askingRecogniser }),
      restartMode: () => listenModeNow(this.model),
      silenceExpected: () => this.model.view.thinking,
    };
    this.recogniser = deps.createRecogniser?.(recogniserDeps) ?? new Recogniser(recogniserDeps);
    this.player = new SentencePlayer(
      deps.speaker,
      (input) => void this.step({ type: 'voice', input }),
    );
  }

  get snapshot(): TurnState {
    return this.model.view;
  }

  start() {
    this.ticker = this.deps.clock.setInterval(
      () =>
        void this.step({
          type: 'tick',
          maxAnswerMs: this.deps.maxAnswerMs?.() ?? null,
          patience: this.deps.patience?.() ?? DEFAULT_PATIENCE,
        }),
      VOICE.silenceCheckEveryMs,
    );
  }

  dispose() {
    this.work = [];
    this.urgentWork = [];
    this.deps.clock.clearInterval(this.ticker);
    this.step({ type: 'dispose' });
  }

  // ----- the candidate --------------------------------------------------------------------------

  enableMic = () => void this.step({ type: 'mic-on' });
  disableMic = () => void this.step({ type: 'mic-off' });
  /** The candidate typed in the code editor (a coding question): silence is counted from now. */
  noteTyping = () => void this.step({ type: 'typing' });
  /** Pause silence auto-send until the candidate speaks again (capped). */
  setThinking = (on: boolean) => void this.step({ type: 'thinking', on });
  sendTyped = (text: string): TypedResult => this.step({ type: 'typed', text }) as TypedResult;
  /** "Send anyway": the held-back words join the answer where they were said, and it is sent. */
  sendHeldBack = () => void this.step({ type: 'send-held-back' });
  /** "Discard": the held-back words are dropped; the rest of the answer carries on. */
  discardHeldBack = () => void this.step({ type: 'discard-held-back' });

  // ----- the live session -----------------------------------------------------------------------

  /** Sends every word said so far now (time-up); cuts the interviewer off only to send words. */
  flush = (): boolean => (this.urgent({ type: 'flush' }) as boolean | undefined) ?? false;
  /** End Interview: the voice stops, every word said is sent, the mic goes off. Whether it sent. */
  end = (): boolean => (this.urgent({ type: 'end' }) as boolean | undefined) ?? false;
  /** The candidate stopped the interviewer by hand (Skip): the mic is theirs at once. */
  stopInterviewer = () => void this.urgent({ type: 'stop-interviewer' });
  /** The interviewer is about to speak (the introduction, or a reply still owed): do not listen. */
  expectReply = () => this.normal(0, { type: 'expect-reply' });
  /** Nothing to wait for any more (the reply is known, or none will come): the candidate speaks. */
  resume = () => this.normal(0, { type: 'resume' });
  /** The server started streaming a reply. */
  replyStarted = () => {
    const reply = ++this.repliesAsked;
    this.normal(reply, { type: 'reply-started', reply });
  };
  replyDelta = (text: string) => this.normal(this.repliesAsked, { type: 'reply-delta', text });
  /** The stored reply (authoritative). */
  replyEnded = (text: string) => this.normal(this.repliesAsked, { type: 'reply-ended', text });
  /** Something the interviewer says that is not a streamed reply (the apology after a failure). */
  say = (text: string) => {
    this.replyStarted();
    this.replyEnded(text);
  };

  // ----- the shell ------------------------------------------------------------------------------

  /** One event through the stages, then its effects in order. */
  private step(event: TurnEvent): boolean | TypedResult | undefined {
    const before = this.model;
    const next = turnStep(before, event, this.deps.clock.now());
    this.model = next.state;
    if (next.state.view !== before.view) this.deps.onChange(next.state.view);
    for (const effect of next.effects) this.run(effect);
    const cut = next.cutOff;
    if (cut !== undefined) this.work = this.work.filter((job) => job.reply !== cut);
    return next.result;
  }

  private normal(reply: number, event: TurnEvent) {
    this.work.push({ reply, event });
    this.drain();
  }

  /** Now, or asked for in the middle of other work, right after it (the answer is then undefined). */
  private urgent(event: TurnEvent): boolean | TypedResult | undefined {
    let result: boolean | TypedResult | undefined;
    this.urgentWork.push(() => (result = this.step(event)));
    this.drain();
    return result;
  }

  private drain() {
    if (this.working) return;
    this.working = true;
    try {
      for (;;) {
        const urgent = this.urgentWork.shift();
        if (urgent) {
          urgent();
          continue;
        }
        const job = this.work.shift();
        if (!job) break;
        this.step(job.event);
      }
    } finally {
      this.working = false;
    }
  }

  private run(effect: TurnEffect) {
    const recorder = this.deps.recorder;
    switch (effect.type) {
      case 'listen':
        return this.askRecogniser(() => this.recogniser.start(effect.mode));
      case 'stop-listening':
        return this.askRecogniser(() => this.recogniser.stop());
      case 'release-mic':
        return this.askRecogniser(() => this.recogniser.release?.());
      case 'reset-errors':
        return this.recogniser.resetErrors();
      case 'record':
        return recorder?.start();
      case 'pause-recording':
        return recorder?.pause();
      case 'dispose-recorder':
        return recorder?.dispose();
      case 'answer': {
        let audio: Promise<RecordedAnswer | null> | undefined;
        if (effect.audio === 'take') audio = recorder?.take();
        else recorder?.discard();
        return this.deps.onAnswer(effect.text, effect.meta, audio, effect.continues);
      }
      case 'voice': {
        const heard = this.player.run(effect.effect);
        if (effect.report) this.deps.onInterrupted?.(heard ?? '');
        return;
      }
      case 'interrupted':
        return this.deps.onInterrupted?.(effect.heard);
    }
  }

  private askRecogniser(call: () => unknown) {
    const outer = this.askingRecogniser;
    this.askingRecogniser = true;
    try {
      call();
    } finally {
      this.askingRecogniser = outer;
    }
  }
}
