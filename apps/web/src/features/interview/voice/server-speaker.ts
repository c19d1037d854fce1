import { VOICE, type ServerFrame } from '@candor/shared';
import type { SpeakerLike, SpeechHandle, SpeechOutcome } from './types';

/**
 * The interviewer's server voice (TTS_PROVIDER=openai, decision 022): the server synthesises each
 * sentence as the reply streams and sends its pcm over the live channel; this speaker plays the
 * sentence the speech stage asks for as its audio arrives (the first sentence plays while the
 * model writes the rest). A sentence the server could not voice, or that never comes, is said by
 * the browser's voice instead; with the server voice off, the browser's voice says everything.
 */

/** Plays 16-bit pcm one stream at a time (Web Audio in the browser, a fake in tests). */
export interface PcmPlayer {
  /** Queues samples after what is queued; playback starts with the first. */
  play(samples: Int16Array, sampleRate: number): void;
  /** Seconds of the current stream played so far. */
  playedSeconds(): number;
  /** Calls back once everything queued has played (at once when nothing is queued). */
  whenDrained(callback: () => void): void;
  /** Stops at once and forgets the queue: the next play() starts a new stream. */
  stop(): void;
  /**
   * Sound can play now (a page reloaded mid-interview may not play before the candidate touches
   * it: the browser's autoplay rule); when not, the browser's voice says the sentence.
   */
  canPlay?(): boolean;
  /** Gets ready to play (an audio context starts asynchronously): called when the voice is on. */
  prepare?(): void;
}

type SpeechFrame = Extract<ServerFrame, { type: 'speech.start' | 'speech.end' | 'speech.failed' }>;

/** Letters and digits only: both sides split with the same rule, markdown aside. */
const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** One sentence of the server's voice, as announced and as far as its audio came. */
interface Sentence {
  id: string;
  key: string;
  sampleRate: number;
  chunks: Int16Array[];
  status: 'streaming' | 'ended' | 'failed';
  /** The speech stage asked for it: it plays (or falls back) through this handle. */
  claimed: boolean;
  /** Wakes the handle playing it when more audio or the end arrives. */
  wake: (() => void) | null;
}

export interface ServerSpeakerOptions {
  player: PcmPlayer;
  /** The browser's voice, for sentences the server did not voice. */
  fallback: SpeakerLike;
  /** How long a sentence waits for the server to announce its voice before the fallback says it. */
  waitMs: number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export class ServerSpeaker implements SpeakerLike {
  private on = false;

  /** Whether the server voices replies (the `state` frame says so). */
  get enabled(): boolean {
    return this.on;
  }

  set enabled(on: boolean) {
    this.on = on;
    if (on) this.options.player.prepare?.();
  }

  private sentences: Sentence[] = [];
  private readonly byId = new Map<string, Sentence>();
  /** A sentence asked for before its announcement came. */
  private waiting: { key: string; take: (s: Sentence | null) => void } | null = null;
  private current: { interrupt: () => void } | null = null;

  constructor(private readonly options: ServerSpeakerOptions) {}

  /** `speech.start`, `speech.end`, `speech.failed` from the live channel. */
  onFrame(frame: SpeechFrame) {
    const id = `${frame.replyId}:${frame.index}`;
    if (frame.type === 'speech.start' || frame.type === 'speech.failed') {
      const sentence: Sentence = this.byId.get(id) ?? {
        id,
        key: key(frame.text),
        sampleRate: frame.type === 'speech.start' ? frame.sampleRate : 24_000,
        chunks: [],
        status: 'streaming',
        claimed: false,
        wake: null,
      };
      if (frame.type === 'speech.failed') sentence.status = 'failed';
      if (!this.byId.has(id)) {
        this.byId.set(id, sentence);
        this.sentences.push(sentence);
        // Sentences long played are forgotten.
        if (this.sentences.length > 50) this.byId.delete(this.sentences.shift()!.id);
      }
      sentence.wake?.();
      if (this.waiting && this.waiting.key === sentence.key && !sentence.claimed) {
        const { take } = this.waiting;
        this.waiting = null;
        take(sentence);
      }
      return;
    }
    const sentence = this.byId.get(id);
    if (!sentence) return;
    sentence.status = 'ended';
    sentence.wake?.();
  }

  /** A binary `audio` frame: pcm of sentence `index` of reply `replyId`. */
  onAudio(replyId: string, index: number, bytes: Uint8Array) {
    const sentence = this.byId.get(`${replyId}:${index}`);
    if (!sentence || sentence.status !== 'streaming') return;
    const copy = new Uint8Array(bytes.length - (bytes.length % 2));
    copy.set(bytes.subarray(0, copy.length));
    const view = new DataView(copy.buffer);
    const samples = new Int16Array(copy.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
    sentence.chunks.push(samples);
    sentence.wake?.();
  }

  speak(text: string): SpeechHandle {
    if (!this.enabled) return this.options.fallback.speak(text);
    const k = key(text);
    const found = this.sentences.find((s) => !s.claimed && s.key === k);
    if (found) return this.play(text, found);
    return this.deferred(text, k);
  }

  cancel() {
    this.current?.interrupt();
    this.options.player.stop();
    this.options.fallback.cancel();
  }

  /** Waits for the sentence's announcement; without one in time the browser says it. */
  private deferred(text: string, k: string): SpeechHandle {
    let inner: SpeechHandle | null = null;
    let interrupted = false;
    let settle!: (how: SpeechOutcome) => void;
    let heard!: () => void;
    const done = new Promise<SpeechOutcome>((r) => (settle = r));
    const audible = new Promise<void>((r) => (heard = r));
    const timer = this.options.setTimeout(() => {
      if (this.waiting?.key === k) {
        this.waiting = null;
        attach(null);
      }
    }, this.options.waitMs);
    const attach = (sentence: Sentence | null) => {
      this.options.clearTimeout(timer);
      if (interrupted) return;
      inner = sentence ? this.play(text, sentence) : this.options.fallback.speak(text);
      void inner.audible.then(heard);
      void inner.done.then(settle);
    };
    this.waiting?.take(null);
    this.waiting = { key: k, take: attach };
    const handle: SpeechHandle = {
      done,
      audible,
      spokenChars: () => inner?.spokenChars() ?? 0,
      interrupt: () => {
        if (interrupted) return;
        interrupted = true;
        this.options.clearTimeout(timer);
        if (this.waiting?.key === k) this.waiting = null;
        if (inner) inner.interrupt();
        else settle('interrupted');
      },
    };
    this.current = handle;
    return handle;
  }

  /** Plays one announced sentence as its audio arrives; a failed one is said by the browser. */
  private play(text: string, sentence: Sentence): SpeechHandle {
    sentence.claimed = true;
    if (sentence.status === 'failed') return this.options.fallback.speak(text);
    const { player } = this.options;
    player.stop();
    let settle!: (how: SpeechOutcome) => void;
    let heard!: () => void;
    const done = new Promise<SpeechOutcome>((r) => (settle = r));
    const audible = new Promise<void>((r) => (heard = r));
    let finished = false;
    let queued = 0;
    let fallback: SpeechHandle | null = null;
    let watchdog: unknown = null;
    const finish = (how: SpeechOutcome) => {
      if (finished) return;
      finished = true;
      sentence.wake = null;
      this.options.clearTimeout(watchdog);
      settle(how);
    };
    const toBrowser = () => {
      player.stop();
      fallback = this.options.fallback.speak(text);
      void fallback.audible.then(heard);
      void fallback.done.then(finish);
    };
    // Sound that cannot play (the page was reloaded and not touched since: the browser's autoplay
    // rule) would hold the interview up: the browser's voice says the sentence instead.
    watchdog = this.options.setTimeout(() => {
      if (!finished && !fallback && player.canPlay?.() === false) toBrowser();
    }, VOICE.serverVoiceStartMs);
    const pump = () => {
      if (finished) return;
      while (queued < sentence.chunks.length) {
        player.play(sentence.chunks[queued]!, sentence.sampleRate);
        if (queued === 0) heard();
        queued += 1;
      }
      if (sentence.status === 'ended') player.whenDrained(() => finish('ended'));
      // The voice broke off mid-sentence: the browser says the sentence (its start again).
      if (sentence.status === 'failed' && !fallback) toBrowser();
    };
    sentence.wake = pump;
    pump();
    const total = () => sentence.chunks.reduce((n, c) => n + c.length, 0) / sentence.sampleRate;
    const handle: SpeechHandle = {
      done,
      audible,
      spokenChars: () => {
        if (fallback) return fallback.spokenChars();
        if (finished) return text.length;
        const played = player.playedSeconds();
        // Until the whole sentence is here its length is unknown: the browser voice's pace.
        const share =
          sentence.status === 'ended'
            ? played / Math.max(total(), 0.001)
            : (played * 1000) / VOICE.speechMsPerChar / text.length;
        return Math.min(text.length, Math.floor(share * text.length));
      },
      interrupt: () => {
        if (finished) return;
        fallback?.interrupt();
        player.stop();
        finish('interrupted');
      },
    };
    this.current = handle;
    return handle;
  }
}

/** Web Audio playback of 16-bit pcm, one stream at a time, gapless. */
export function createWebAudioPlayer(): PcmPlayer {
  let context: AudioContext | null = null;
  let sources: AudioBufferSourceNode[] = [];
  /** The stream's start and where its queue ends, on the context's clock. */
  let startedAt = 0;
  let endsAt = 0;
  let fresh = true;
  let drained: (() => void)[] = [];
  const ctx = () => {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  };
  const drain = () => {
    const waiting = drained;
    drained = [];
    for (const callback of waiting) callback();
  };
  return {
    canPlay: () => ctx().state === 'running',
    prepare: () => void ctx(),
    play(samples, sampleRate) {
      const c = ctx();
      const buffer = c.createBuffer(1, samples.length, sampleRate);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 0x8000;
      const source = c.createBufferSource();
      source.buffer = buffer;
      source.connect(c.destination);
      if (fresh) {
        fresh = false;
        startedAt = endsAt = c.currentTime + 0.02;
      }
      // Audio that arrived late (the queue ran dry) starts now, not in the past.
      const at = Math.max(endsAt, c.currentTime);
      source.start(at);
      endsAt = at + buffer.duration;
      sources.push(source);
      source.onended = () => {
        sources = sources.filter((s) => s !== source);
        if (sources.length === 0) drain();
      };
    },
    playedSeconds() {
      if (!context || fresh) return 0;
      return Math.max(0, Math.min(context.currentTime, endsAt) - startedAt);
    },
    whenDrained(callback) {
      if (sources.length === 0) callback();
      else drained.push(callback);
    },
    stop() {
      const playing = sources;
      sources = [];
      drained = [];
      fresh = true;
      for (const s of playing) {
        s.onended = null;
        try {
          s.stop();
        } catch {
          // never started
        }
      }
    },
  };
}
