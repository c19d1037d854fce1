import { describe, expect, it } from 'vitest';
import { TurnController, type TurnState } from './turn-controller';
import type { ClockLike, RecognitionLike, SpeakerLike, SpeechHandle } from './types';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  const clock: ClockLike & { advance(ms: number): void } = {
    now: () => now,
    setTimeout: (fn, ms) => (timers.set(nextId, { at: now + ms, fn }), nextId++),
    clearTimeout: (id) => void timers.delete(id as number),
    setInterval: (fn, ms) => (timers.set(nextId, { at: now + ms, fn, every: ms }), nextId++),
    clearInterval: (id) => void timers.delete(id as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, t] = due;
        now = t.at;
        if (t.every) t.at += t.every;
        else timers.delete(id);
        t.fn();
      }
      now = end;
    },
  };
  return clock;
}

function fakeRecognition() {
  const rec: RecognitionLike & {
    running: boolean;
    say(text: string, final: boolean, confidence?: number): void;
    starts: number;
  } = {
    lang: '',
    continuous: false,
    interimResults: false,
    maxAlternatives: 0,
    onresult: null,
    onend: null,
    onerror: null,
    running: false,
    starts: 0,
    start() {
      this.running = true;
      this.starts += 1;
    },
    stop() {
      this.running = false;
    },
    abort() {
      this.running = false;
    },
    say(text, final, confidence = 0.9) {
      const result = Object.assign([{ transcript: text, confidence }], { isFinal: final });
      this.onresult?.({ resultIndex: 0, results: Object.assign([result], { length: 1 }) });
    },
  };
  return rec;
}

function fakeSpeaker() {
  const spoken: string[] = [];
  const pending: ((how: 'ended' | 'error' | 'interrupted') => void)[] = [];
  let cancelled = 0;
  const speaker: SpeakerLike & {
    spoken: string[];
    finish(how?: 'ended' | 'error'): Promise<void>;
    cancelled: () => number;
  } = {
    spoken,
    speak(text): SpeechHandle {
      spoken.push(text);
      let resolve!: (how: 'ended' | 'error' | 'interrupted') => void;
      const done = new Promise<'ended' | 'error' | 'interrupted'>((r) => (resolve = r));
      pending.push(resolve);
      return { done, interrupt: () => resolve('interrupted') };
    },
    cancel: () => void (cancelled += 1),
    async finish(how = 'ended') {
      pending.shift()?.(how);
      await Promise.resolve();
      await Promise.resolve();
    },
    cancelled: () => cancelled,
  };
  return speaker;
}

function setup() {
  const clock = fakeClock();
  const rec = fakeRecognition();
  const speaker = fakeSpeaker();
  const answers: { text: string; meta: unknown }[] = [];
  const states: TurnState[] = [];
  const turn = new TurnController({
    createRecognition: () => rec,
    speaker,
    clock,
    language: 'en-IN',
    onAnswer: (text, meta) => answers.push({ text, meta }),
    onChange: (s) => states.push(s),
  });
  turn.start();
  return { clock, rec, speaker, answers, turn };
}

describe('the turn controller', () => {
  it('configures recognition as the spec says and sends after 3 s of silence', () => {
    const { clock, rec, answers, turn } = setup();
    turn.enableMic();
    expect(rec).toMatchObject({
      lang: 'en-IN',
      continuous: true,
      interimResults: true,
      maxAlternatives: 1,
      running: true,
    });
    clock.advance(2500); // well past the guard
    rec.say('A closure keeps', false);
    rec.say('A closure keeps its outer scope alive.', true, 0.8);
    expect(turn.snapshot.pending).toBe('A closure keeps its outer scope alive.');
    clock.advance(2500);
    expect(answers).toEqual([]);
    clock.advance(1000);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toBe('A closure keeps its outer scope alive.');
    expect(answers[0]!.meta).toMatchObject({ confidence: 0.8 });
    expect(turn.snapshot.phase).toBe('waiting');
    expect(rec.running).toBe(false);
  });

  it('speaks the reply sentence by sentence, keeps the mic off meanwhile, and brings it back 1.5 s after', async () => {
    const { clock, rec, speaker, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    expect(rec.running).toBe(false);
    turn.replyDelta('Thank you for that answer. ');
    expect(speaker.spoken).toEqual(['Thank you for that answer.']);
    turn.replyDelta("Let's move on to the next question: what is a promise?");
    turn.replyEnded(
      "Thank you for that answer. Let's move on to the next question: what is a promise?",
    );
    await speaker.finish();
    expect(speaker.spoken).toHaveLength(2);
    await speaker.finish();
    expect(turn.snapshot.phase).toBe('idle');
    clock.advance(1400);
    expect(rec.running).toBe(false);
    clock.advance(200);
    expect(rec.running).toBe(true);
  });

  it('brings the mic back 1 s after a speech-output failure', async () => {
    const { clock, rec, speaker, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('Hello there.');
    await speaker.finish('error');
    clock.advance(900);
    expect(rec.running).toBe(false);
    clock.advance(200);
    expect(rec.running).toBe(true);
  });

  it('discards an utterance heard within 2 s of the interviewer finishing', async () => {
    const { clock, rec, speaker, answers, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyEnded('What is a closure?');
    await speaker.finish();
    clock.advance(1500); // mic back
    rec.say('some late echo words here', true);
    clock.advance(500);
    expect(answers).toEqual([]);
  });

  it('stops the interviewer when the candidate starts talking (barge-in)', async () => {
    const { rec, speaker, turn } = setup();
    turn.enableMic();
    turn.replyStarted();
    turn.replyDelta('This is a long first sentence. ');
    expect(speaker.spoken).toHaveLength(1);
    // The recogniser keeps running in a real browser with echo cancellation; here we restart it.
    rec.start();
    rec.say('Sorry, can I', false);
    await Promise.resolve();
    expect(turn.snapshot.phase).not.toBe('speaking');
  });

  it('waits while the candidate asks for time to think, until they speak again (capped at 60 s)', () => {
    const { clock, rec, answers, turn } = setup();
    turn.enableMic();
    clock.advance(3000);
    rec.say('Let me think about that.', true);
    expect(turn.snapshot.thinking).toBe(true);
    clock.advance(20_000);
    expect(answers).toEqual([]);
    rec.say('I would shard the table by customer id to spread the writes.', true);
    expect(turn.snapshot.thinking).toBe(false);
    clock.advance(3600);
    expect(answers).toHaveLength(1);

    turn.setThinking(true);
    turn.enableMic();
    rec.start();
    rec.say('Partition by region.', true);
    turn.setThinking(true);
    clock.advance(59_000);
    expect(answers).toHaveLength(1);
    clock.advance(2000);
    expect(turn.snapshot.thinking).toBe(false);
  });

  it('rejects interviewer phrases picked up by the microphone', () => {
    const { clock, rec, answers, turn } = setup();
    turn.enableMic();
    clock.advance(3000);
    rec.say('Can you explain the event loop?', true);
    clock.advance(4000);
    expect(answers).toEqual([]);
    expect(turn.snapshot.pending).toBe('');
  });

  it('restarts after recoverable errors while fewer than 3 occurred, and reports a denied microphone', () => {
    const { clock, rec, turn } = setup();
    turn.enableMic();
    rec.onerror?.({ error: 'no-speech' });
    clock.advance(1000);
    expect(rec.starts).toBe(2);
    rec.onerror?.({ error: 'no-speech' });
    clock.advance(1000);
    expect(rec.starts).toBe(3);
    rec.onerror?.({ error: 'no-speech' });
    clock.advance(5000);
    expect(rec.starts).toBe(3);
    rec.onerror?.({ error: 'not-allowed' });
    expect(turn.snapshot.error).toBe('Microphone permission denied');
    expect(turn.snapshot.micEnabled).toBe(false);
  });

  it('restarts the recogniser 500 ms after it ends on its own', () => {
    const { clock, rec, turn } = setup();
    turn.enableMic();
    rec.running = false;
    rec.onend?.();
    clock.advance(400);
    expect(rec.starts).toBe(1);
    clock.advance(200);
    expect(rec.starts).toBe(2);
  });
});
