import type {
  ClockLike,
  RecognitionLike,
  SpeakerLike,
  SpeechHandle,
  SpeechOutcome,
} from '@/features/interview/voice/types';

/** Test doubles of the browser's recognition, speech and clock (used by the pipeline's tests). */

/** A clock the test moves by hand. */
export function fakeClock() {
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

export interface FakeRecognition extends RecognitionLike {
  running: boolean;
  /** The recogniser said it started (its `start` event): only then does it hear words. */
  started: boolean;
}

/**
 * Recognisers as the pipeline creates them; `say` speaks into the one running now. By default a
 * recogniser reports `start` as soon as it is started; with `{ startsBy: 'test' }` it stays silent
 * until the test calls `started()`, as a real one does for a few hundred milliseconds.
 */
export function fakeRecognitions(options: { startsBy?: 'itself' | 'test' } = {}) {
  const all: FakeRecognition[] = [];
  let starts = 0;
  const create = (): FakeRecognition => {
    const rec: FakeRecognition = {
      lang: '',
      continuous: false,
      interimResults: false,
      maxAlternatives: 0,
      onresult: null,
      onend: null,
      onerror: null,
      onstart: null,
      onaudiostart: null,
      running: false,
      started: false,
      start() {
        if (this.running) throw new Error('already started');
        this.running = true;
        starts += 1;
        if (options.startsBy !== 'test') {
          this.started = true;
          this.onstart?.();
        }
      },
      stop() {
        this.running = false;
      },
      abort() {
        this.running = false;
      },
    };
    all.push(rec);
    return rec;
  };
  const current = () => all.at(-1);
  return {
    create,
    all,
    current,
    get running() {
      return current()?.running ?? false;
    },
    get starts() {
      return starts;
    },
    /** The running recogniser reports that it started (audio capture began). */
    started() {
      const rec = current();
      if (!rec?.running) throw new Error('the recogniser is not running');
      rec.started = true;
      rec.onaudiostart?.();
    },
    /** One result event, interim or final, from the running recogniser. */
    say(text: string, final: boolean, confidence = 0.9) {
      const rec = current();
      if (!rec?.running) throw new Error('the recogniser is not running');
      if (!rec.started) throw new Error('the recogniser has not started yet');
      const result = Object.assign([{ transcript: text, confidence }], { isFinal: final });
      rec.onresult?.({ resultIndex: 0, results: Object.assign([result], { length: 1 }) });
    },
    error(error: string) {
      const rec = current()!;
      rec.running = false;
      rec.onerror?.({ error });
    },
    end() {
      const rec = current()!;
      rec.running = false;
      rec.onend?.();
    },
  };
}

interface Utterance {
  text: string;
  settle(how: SpeechOutcome): void;
  makeAudible(): void;
  spokenChars: number;
  outcome: SpeechOutcome | null;
}

/** speechSynthesis as the test drives it: each sentence starts and ends when told to. */
export function fakeSpeaker() {
  const utterances: Utterance[] = [];
  let cancels = 0;
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const speaker: SpeakerLike = {
    speak(text): SpeechHandle {
      let settle!: (how: SpeechOutcome) => void;
      let makeAudible!: () => void;
      const done = new Promise<SpeechOutcome>((r) => (settle = r));
      const audible = new Promise<void>((r) => (makeAudible = r));
      const u: Utterance = {
        text,
        spokenChars: 0,
        outcome: null,
        makeAudible,
        settle: (how) => {
          if (u.outcome) return;
          u.outcome = how;
          settle(how);
        },
      };
      utterances.push(u);
      return {
        done,
        audible,
        spokenChars: () => u.spokenChars,
        interrupt: () => u.settle('interrupted'),
      };
    },
    cancel: () => void (cancels += 1),
  };
  const speaking = () => utterances.find((u) => !u.outcome);
  return {
    speaker,
    get spoken() {
      return utterances.map((u) => u.text);
    },
    speaking,
    cancels: () => cancels,
    /** The current sentence starts playing, `chars` characters of it already spoken. */
    async play(chars = 0) {
      const u = speaking()!;
      u.spokenChars = chars;
      u.makeAudible();
      await flush();
    },
    /** The current sentence ends (or fails). */
    async finish(how: SpeechOutcome = 'ended') {
      speaking()?.settle(how);
      await flush();
    },
  };
}

/** A PcmPlayer that plays nothing: time is moved by the test (`advance`), samples are counted. */
export function fakePlayer() {
  let queuedSeconds = 0;
  let playedSeconds = 0;
  let drained: (() => void)[] = [];
  const streams: number[][] = [[]];
  const player = {
    play(samples: Int16Array, sampleRate: number) {
      queuedSeconds += samples.length / sampleRate;
      streams.at(-1)!.push(samples.length);
    },
    playedSeconds: () => playedSeconds,
    whenDrained(callback: () => void) {
      if (playedSeconds >= queuedSeconds) callback();
      else drained.push(callback);
    },
    stop() {
      queuedSeconds = playedSeconds = 0;
      drained = [];
      stops += 1;
      streams.push([]);
    },
  };
  let stops = 0;
  return {
    player,
    /** Sample counts of each stream played, the last one current. */
    streams,
    stops: () => stops,
    /** `seconds` of what is queued play. */
    advance(seconds: number) {
      playedSeconds = Math.min(queuedSeconds, playedSeconds + seconds);
      if (playedSeconds >= queuedSeconds) {
        const waiting = drained;
        drained = [];
        for (const callback of waiting) callback();
      }
    },
  };
}
