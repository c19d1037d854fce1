import { VOICE } from '@candor/shared';
import type { ClockLike, RecognitionEventLike, RecognitionLike } from './types';

/** What recognised words are for: the candidate's answer, or noticing them talk over the interviewer. */
export type ListenMode = 'answer' | 'barge-in';

export type RecogniserEvent =
  /**
   * New words: finished pieces and the piece still being recognised. `saidUntil`: when the
   * candidate stopped saying them, when that was before now (server recognition learns of words
   * after the detector's end-of-speech padding and the transcription: that silence counts).
   */
  | {
      type: 'words';
      finals: { text: string; confidence: number | null }[];
      interim: string;
      saidUntil?: number;
    }
  /** Server recognition: the detector heard the candidate start talking (barge-in from here). */
  | { type: 'speech-start' }
  /** Server recognition: speech is being said or transcribed, so it is no silence yet. */
  | { type: 'hearing'; on: boolean }
  /** Something the candidate should read, the microphone staying on (a failed transcription). */
  | { type: 'notice'; message: string }
  /**
   * Listening was asked for, switched mode or stopped (null). `live`: the recogniser said it
   * started (its `start` or `audiostart` event, or a first result), so words are heard now.
   */
  | { type: 'mode'; mode: ListenMode | null; live: boolean }
  /**
   * Recognition stopped for good: `reason` says why for the code (the screen branches on it),
   * `message` in the candidate's words.
   */
  | { type: 'failed'; reason: RecognitionFailure; message: string };

/** Why recognition stopped for good (a recogniser's error code or a media error's name, mapped). */
export type RecognitionFailure =
  'mic-denied' | 'no-microphone' | 'unsupported' | 'no-speech' | 'network' | 'language' | 'other';

/** What the turn controller needs of a recogniser: the browser's (below) or the server's. */
export interface RecogniserLike {
  readonly mode: ListenMode | null;
  readonly live: boolean;
  resetErrors(): void;
  start(mode: ListenMode): boolean;
  stop(): void;
  /** The microphone is turned off (or the screen goes): let go of it, not only stop listening. */
  release?(): void;
}

export interface RecogniserDeps {
  createRecognition: () => RecognitionLike | null;
  clock: ClockLike;
  language: string;
  onEvent: (event: RecogniserEvent) => void;
  /** When a scheduled restart fires: the mode to listen in now, or null to stay off. */
  restartMode: () => ListenMode | null;
  /** Silence is expected now (the candidate asked for time to think): no-speech is no error. */
  silenceExpected: () => boolean;
}

export const PERMISSION_DENIED = 'Microphone permission denied';
export const NOT_SUPPORTED = 'Speech recognition not supported';

export const NO_MICROPHONE =
  'No microphone could be used. Check that one is connected, then turn the mic back on.';

/** A `failed` event for the browser recogniser's error code. */
function stopped(error: string): Extract<RecogniserEvent, { type: 'failed' }> {
  const failed = (reason: RecognitionFailure, message: string) =>
    ({ type: 'failed', reason, message }) as const;
  switch (error) {
    case 'not-allowed':
    case 'service-not-allowed':
      return failed('mic-denied', PERMISSION_DENIED);
    case 'no-speech':
      return failed(
        'no-speech',
        'No speech was heard for a while, so the microphone was turned off. Turn it back on when you are ready.',
      );
    case 'audio-capture':
      return failed('no-microphone', NO_MICROPHONE);
    case 'network':
      return failed(
        'network',
        'Speech recognition needs a network connection in this browser. You can type your answers instead.',
      );
    case 'language-not-supported':
      return failed(
        'language',
        'This browser cannot recognise the chosen language. Pick another one or type your answers.',
      );
    default:
      return failed(
        'other',
        `Speech recognition stopped (${error}). Turn the mic back on or type your answers.`,
      );
  }
}

/**
 * The recognition stage: the browser's SpeechRecognition configured as the spec says (continuous,
 * interim results, one alternative), restarted 500 ms after it ends by itself and 1 s after a
 * recoverable error (no-speech, audio-capture) while fewer than 3 errors happened in a row; other
 * errors stop it. It turns results into typed `words` events and knows nothing about turns.
 */
export class Recogniser implements RecogniserLike {
  private rec: RecognitionLike | null = null;
  private listening: ListenMode | null = null;
  /** The running recogniser reported that it started. */
  private started = false;
  /** Errors in a row; recognised words reset it. */
  private errors = 0;
  private restartTimer: unknown = null;

  constructor(private readonly deps: RecogniserDeps) {}

  get mode(): ListenMode | null {
    return this.listening;
  }

  /** Listening and the recogniser said it started: words spoken now are heard. */
  get live(): boolean {
    return this.listening !== null && this.started;
  }

  resetErrors() {
    this.errors = 0;
  }

  /** Starts listening in `mode`, or only switches the mode when already listening. */
  start(mode: ListenMode): boolean {
    if (this.listening) {
      this.setMode(mode);
      return true;
    }
    // A fresh recogniser each time: a stopped one may still deliver a late `end` or result.
    const rec = this.deps.createRecognition();
    if (!rec) {
      this.deps.onEvent({ type: 'failed', reason: 'unsupported', message: NOT_SUPPORTED });
      return false;
    }
    this.rec = rec;
    this.started = false;
    rec.lang = this.deps.language;
    rec.continuous = true;
    rec.interimResults = true;
    rec.maxAlternatives = 1;
    rec.onresult = (e) => this.onResult(e);
    rec.onerror = (e) => this.onError(e.error);
    rec.onend = () => this.onEnd();
    rec.onstart = () => this.onStarted(rec);
    rec.onaudiostart = () => this.onStarted(rec);
    try {
      rec.start();
    } catch {
      // Already started (a late `end`): it is running, which is what we want.
    }
    this.setMode(mode);
    return true;
  }

  stop() {
    this.cancelRestart();
    const rec = this.rec;
    if (rec && this.listening) {
      // Detached first: what it still says after abort() is not wanted.
      rec.onresult = null;
      rec.onerror = null;
      rec.onend = null;
      rec.onstart = null;
      rec.onaudiostart = null;
      try {
        rec.abort();
      } catch {
        // not running
      }
    }
    this.setMode(null);
  }

  /** Listens again after `ms`, in the mode the moment calls for (see `restartMode`). */
  restartIn(ms: number) {
    this.cancelRestart();
    this.restartTimer = this.deps.clock.setTimeout(() => {
      this.restartTimer = null;
      const mode = this.deps.restartMode();
      if (mode) this.start(mode);
    }, ms);
  }

  private cancelRestart() {
    this.deps.clock.clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  private setMode(mode: ListenMode | null) {
    if (this.listening === mode) return;
    this.listening = mode;
    if (mode === null) this.started = false;
    this.deps.onEvent({ type: 'mode', mode, live: this.live });
  }

  private onStarted(rec: RecognitionLike) {
    if (rec !== this.rec || this.started) return;
    this.started = true;
    if (this.listening) this.deps.onEvent({ type: 'mode', mode: this.listening, live: true });
  }

  private onResult(e: RecognitionEventLike) {
    if (!this.listening) return; // a late result after abort()
    let interim = '';
    const finals: { text: string; confidence: number }[] = [];
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i];
      const alt = result?.[0];
      if (!result || !alt) continue;
      if (result.isFinal) {
        const text = alt.transcript.trim();
        if (text) finals.push({ text, confidence: alt.confidence });
      } else interim += alt.transcript;
    }
    if (finals.length === 0 && !interim.trim()) return;
    this.errors = 0;
    // Words prove it listens, for recognisers that never say they started.
    if (this.rec) this.onStarted(this.rec);
    this.deps.onEvent({ type: 'words', finals, interim: interim.trim() });
  }

  private onError(error: string) {
    // abort() reports 'aborted': that is us stopping it, not a failure.
    if (error === 'aborted') return;
    const wasListening = this.listening !== null;
    this.setMode(null);
    if (error === 'not-allowed' || error === 'service-not-allowed') {
      this.cancelRestart();
      this.deps.onEvent(stopped(error));
      return;
    }
    if (!(error === 'no-speech' && this.deps.silenceExpected())) this.errors += 1;
    const recoverable = error === 'no-speech' || error === 'audio-capture';
    if (recoverable && wasListening && this.errors < VOICE.maxRecognitionErrors) {
      this.restartIn(VOICE.restartAfterRecognitionErrorMs);
    } else {
      this.cancelRestart();
      this.deps.onEvent(stopped(error));
    }
  }

  private onEnd() {
    const wasListening = this.listening !== null;
    this.setMode(null);
    // After an error a restart is already scheduled with its own delay.
    if (!wasListening || this.restartTimer !== null) return;
    this.restartIn(VOICE.recogniserRestartMs);
  }
}
