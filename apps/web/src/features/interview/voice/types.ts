import type { AnswerMode, AnswerMeta as SharedAnswerMeta } from '@candor/shared';

/** The parts of the Web Speech API the pipeline uses, so tests can pass fakes. */
export interface RecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: { transcript: string; confidence: number };
}

export interface RecognitionEventLike {
  resultIndex: number;
  results: { length: number; [index: number]: RecognitionResultLike };
}

export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: RecognitionEventLike) => void) | null;
  /** The service began listening (`start`), or audio capture began (`audiostart`). */
  onstart: (() => void) | null;
  onaudiostart: (() => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechOutcome = 'ended' | 'error' | 'interrupted';

/** One spoken sentence: `done` settles when it ended, failed or was interrupted. */
export interface SpeechHandle {
  done: Promise<SpeechOutcome>;
  /** Settles when the voice is really heard (the utterance's `start`); never without a voice. */
  audible: Promise<void>;
  /** Characters of the text spoken so far (from word boundaries, else estimated from time). */
  spokenChars(): number;
  interrupt(): void;
}

export interface SpeakerLike {
  speak(text: string): SpeechHandle;
  cancel(): void;
}

export interface ClockLike {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export const realClock: ClockLike = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};

/** What is sent with an answer (the live protocol's fields), always with its mode. */
export type AnswerMeta = SharedAnswerMeta & { mode: AnswerMode };
