import { VOICE } from '@candor/shared';
import { WAIT } from '@/test/turn-script';
import { describe, expect, it } from 'vitest';
import { fakeClock, fakeSpeaker } from '@/test/voice-fakes';
import { NO_MICROPHONE, PERMISSION_DENIED, type RecogniserDeps } from './recogniser';
import { ServerRecogniser, type DetectorEvents } from './server-recogniser';
import { TurnController } from './turn-controller';
import type { AnswerMeta } from './types';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/**
 * The turn controller on server recognition: a scripted detector (speech start, end with audio)
 * and scripted `transcript` frames stand for the microphone and the server.
 */
function setup(options: { deny?: string } = {}) {
  const clock = fakeClock();
  const voice = fakeSpeaker();
  const sent: { id: string; wav: Uint8Array }[] = [];
  const answers: { text: string; meta: AnswerMeta }[] = [];
  const interruptions: string[] = [];
  let detector!: DetectorEvents;
  let recogniser!: ServerRecogniser;
  let n = 0;
  let paused = 0;
  const turn = new TurnController({
    createRecognition: () => null,
    speaker: voice.speaker,
    clock,
    language: 'en-IN',
    onAnswer: (text, meta) => answers.push({ text, meta }),
    onChange: () => undefined,
    onInterrupted: (heard) => interruptions.push(heard),
    createRecogniser: (deps: RecogniserDeps) => {
      recogniser = new ServerRecogniser({
        createDetector: (events) => {
          detector = events;
          return {
            start: () =>
              options.deny
                ? Promise.reject(new DOMException('Permission denied', options.deny))
                : Promise.resolve(),
            pause: () => void (paused += 1),
          };
        },
        sendUtterance: (id, wav) => (sent.push({ id, wav }), true),
        onEvent: deps.onEvent,
        clock,
        newId: () => `00000000-0000-4000-8000-00000000000${++n}`,
      });
      return recogniser;
    },
  });
  turn.start();
  /** The candidate says an utterance: the detector hears it start, then end, `ms` later. */
  const utter = (ms = 2_000) => {
    detector.onSpeechStart();
    clock.advance(250);
    detector.onSpeechConfirmed();
    clock.advance(ms - 250);
    detector.onSpeechEnd(new Float32Array(16 * ms).fill(0.1));
    return sent.at(-1)!.id;
  };
  const transcript = (id: string, text: string, final = true) =>
    recogniser.onFrame({ type: 'transcript', id, text, final });
  return {
    clock,
    voice,
    sent,
    answers,
    interruptions,
    turn,
    utter,
    transcript,
    paused: () => paused,
    get recogniser() {
      return recogniser;
    },
  };
}

const PART_ONE = "Okay, so I'm Zoë O'Brien-Smith and I looked after the catalogue service.";
const PART_TWO = 'Most of my time went into a read-through cache in front of PostgreSQL.';

describe('server recognition in the turn controller', () => {
  it('sends each utterance as WAV, shows interim text, and sends nothing while it is transcribed', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    expect(s.turn.snapshot.recording).toBe(true);
    const first = s.utter();
    const wav = s.sent[0]!.wav;
    expect(String.fromCharCode(...wav.subarray(0, 4))).toBe('RIFF');
    expect(wav.length).toBe(44 + 32_000 * 2);
    s.transcript(first, 'Okay, so', false);
    expect(s.turn.snapshot.interim).toBe('Okay, so');
    // Transcription takes longer than any wait: nothing is sent while it is pending.
    s.clock.advance(WAIT.long + 1_000);
    expect(s.answers).toEqual([]);
    // The candidate has been silent all that time: a finished answer goes at the next tick.
    s.transcript(first, PART_ONE);
    expect(s.turn.snapshot.pending).toBe(PART_ONE);
    s.clock.advance(WAIT.tick);
    expect(s.answers.map((a) => a.text)).toEqual([PART_ONE]);
    expect(s.answers[0]!.meta.mode).toBe('voice');
  });

  it('counts the detector’s end-of-speech padding toward the wait, and a short pause keeps the answer whole', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    const first = s.utter();
    // The detector reported the end VOICE.vadRedemptionMs after the last word; the transcript
    // came 200 ms later.
    s.clock.advance(200);
    s.transcript(first, PART_ONE);
    const silent = VOICE.vadRedemptionMs + 200;
    expect(silent).toBeLessThan(WAIT.short);
    s.clock.advance(WAIT.short - silent - WAIT.tick);
    expect(s.answers).toEqual([]);
    // The candidate goes on before the wait ran out: one answer.
    const second = s.utter(3_000);
    s.clock.advance(100);
    s.transcript(second, PART_TWO);
    s.clock.advance(WAIT.short - VOICE.vadRedemptionMs - 100 - WAIT.tick);
    expect(s.answers).toEqual([]);
    s.clock.advance(2 * WAIT.tick);
    expect(s.answers.map((a) => a.text)).toEqual([`${PART_ONE} ${PART_TWO}`]);
  });

  it('the detector hearing speech over the interviewer cuts it off at once (barge-in), and the words join the answer', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    s.turn.replyStarted();
    s.turn.replyDelta('Thanks for that. Here is the next question about caching. ');
    await s.voice.play(10);
    expect(s.turn.snapshot.phase).toBe('speaking');
    expect(s.turn.snapshot.bargeIn).toBe(true);
    const id = s.utter(1_500);
    expect(s.interruptions).toEqual(['Thanks for']);
    expect(s.turn.snapshot.phase).not.toBe('speaking');
    s.transcript(id, 'Sorry, can I jump in here?');
    expect(s.turn.snapshot.pending).toBe('Sorry, can I jump in here?');
  });

  it('a transcription that failed tells the candidate why, keeps the mic on, and the typed box still sends', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    const id = s.utter();
    s.recogniser.onFrame({
      type: 'transcript.failed',
      id,
      message: 'Please say it again, or type it.',
    });
    expect(s.turn.snapshot.error).toBe('Please say it again, or type it.');
    expect(s.turn.snapshot.micEnabled).toBe(true);
    expect(s.turn.sendTyped('A cache in front of the database.')).toBe('sent');
    expect(s.answers[0]).toMatchObject({
      text: 'A cache in front of the database.',
      meta: { mode: 'typed' },
    });
  });

  it('a transcript of nothing (a cough) adds nothing', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    const id = s.utter(600);
    s.transcript(id, '');
    s.clock.advance(10_000);
    expect(s.answers).toEqual([]);
  });

  it('"give me a moment to think" holds the silence rule, as with the browser recogniser', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    s.transcript(s.utter(), 'Give me a moment to think.');
    s.clock.advance(20_000);
    expect(s.answers).toEqual([]);
    s.transcript(s.utter(), PART_TWO);
    s.clock.advance(WAIT.short + 2 * WAIT.tick);
    expect(s.answers).toHaveLength(1);
  });

  it('a denied microphone turns the mic off with the reason', async () => {
    const s = setup({ deny: 'NotAllowedError' });
    s.turn.enableMic();
    await flush();
    expect(s.turn.snapshot.micEnabled).toBe(false);
    expect(s.turn.snapshot.error).toBe(PERMISSION_DENIED);
    expect(s.turn.snapshot.failure).toBe('mic-denied');
  });

  it('no microphone at all is told apart from a refusal by the error’s name', async () => {
    const s = setup({ deny: 'NotFoundError' });
    s.turn.enableMic();
    await flush();
    expect(s.turn.snapshot.micEnabled).toBe(false);
    expect(s.turn.snapshot.error).toBe(NO_MICROPHONE);
    expect(s.turn.snapshot.failure).toBe('no-microphone');
  });

  it('utterances lost with a dropped connection are announced, and the silence rule works again', async () => {
    const s = setup();
    s.turn.enableMic();
    await flush();
    s.transcript(s.utter(), PART_ONE);
    s.utter();
    // The socket dropped before the second transcript; a new one says `state`.
    s.recogniser.reconnected();
    expect(s.turn.snapshot.error).toMatch(/could not reach the server/);
    s.clock.advance(WAIT.short + 2 * WAIT.tick);
    expect(s.answers.map((a) => a.text)).toEqual([PART_ONE]);
  });
});
