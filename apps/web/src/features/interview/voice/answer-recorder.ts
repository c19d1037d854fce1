import { MIC_CONSTRAINTS } from './microphone';
import type { ClockLike } from './types';

/**
 * The recording stage of a spoken answer (issue 14): beside Web Speech, the microphone is recorded
 * with MediaRecorder from the moment the candidate's answer is listened for until it is sent, one
 * file per answer, so each stored answer can be played back on the report. Recording pauses while
 * the candidate has the microphone off. No React; the recorder is injected, so tests use a fake.
 */

/** The audio of one answer, as handed over when the answer is sent. */
export interface RecordedAnswer {
  blob: Blob;
  durationMs: number;
}

/** What the turn controller drives. */
export interface AnswerRecorderLike {
  /** Begins recording the answer under way, or resumes it; nothing when already recording. */
  start(): void;
  /** The microphone is off: nothing is recorded until `start`. */
  pause(): void;
  /** Stops and hands over the answer's audio (null when nothing was recorded). */
  take(): Promise<RecordedAnswer | null>;
  /** Stops and drops what was recorded (a typed answer). */
  discard(): void;
  dispose(): void;
}

/** The parts of MediaRecorder used here. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  start(timeslice?: number): void;
  stop(): void;
  pause(): void;
  resume(): void;
}

interface Take {
  recorder: Promise<MediaRecorderLike | null>;
  chunks: Blob[];
  startedAt: number;
  pausedAt: number | null;
  pausedMs: number;
  over: boolean;
}

/** Chunks every second: a recorder stopped by a closing page has still handed over most of it. */
const TIMESLICE_MS = 1_000;

export class AnswerRecorder implements AnswerRecorderLike {
  private current: Take | null = null;
  private disposed = false;

  constructor(
    private readonly deps: {
      /** A new recorder on the microphone, or null when the browser cannot record. */
      createRecorder: () => Promise<MediaRecorderLike | null>;
      clock: ClockLike;
      /** Called once, on dispose (the browser's stream is released there). */
      release?: () => void;
    },
  ) {}

  start() {
    if (this.disposed) return;
    const take = this.current;
    if (take) {
      if (take.pausedAt !== null) {
        take.pausedMs += this.deps.clock.now() - take.pausedAt;
        take.pausedAt = null;
        void take.recorder.then((r) => r?.state === 'paused' && r.resume());
      }
      return;
    }
    const next: Take = {
      recorder: this.deps.createRecorder().catch(() => null),
      chunks: [],
      startedAt: this.deps.clock.now(),
      pausedAt: null,
      pausedMs: 0,
      over: false,
    };
    this.current = next;
    void next.recorder.then((recorder) => {
      if (!recorder || next.over) return;
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) next.chunks.push(e.data);
      };
      recorder.start(TIMESLICE_MS);
      if (next.pausedAt !== null) recorder.pause();
    });
  }

  pause() {
    const take = this.current;
    if (!take || take.pausedAt !== null) return;
    take.pausedAt = this.deps.clock.now();
    void take.recorder.then((r) => r?.state === 'recording' && r.pause());
  }

  take(): Promise<RecordedAnswer | null> {
    const take = this.current;
    this.current = null;
    if (!take) return Promise.resolve(null);
    take.over = true;
    const now = this.deps.clock.now();
    const pausedMs = take.pausedMs + (take.pausedAt !== null ? now - take.pausedAt : 0);
    const durationMs = Math.max(0, now - take.startedAt - pausedMs);
    return take.recorder.then(
      (recorder) =>
        new Promise<RecordedAnswer | null>((resolve) => {
          if (!recorder || recorder.state === 'inactive') return resolve(null);
          recorder.onstop = () => {
            const blob = new Blob(take.chunks, { type: recorder.mimeType });
            resolve(blob.size > 0 && durationMs > 0 ? { blob, durationMs } : null);
          };
          recorder.stop();
        }),
    );
  }

  discard() {
    const take = this.current;
    this.current = null;
    if (!take) return;
    take.over = true;
    void take.recorder.then((r) => {
      if (r && r.state !== 'inactive') r.stop();
    });
  }

  dispose() {
    if (this.disposed) return;
    this.discard();
    this.disposed = true;
    this.deps.release?.();
  }
}

/** The first container this browser records (Chromium and Firefox: WebM/Opus; Safari: MP4). */
function recordingMimeType(): string | null {
  const Recorder = globalThis.MediaRecorder as typeof MediaRecorder | undefined;
  if (!Recorder) return null;
  for (const type of ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'])
    if (Recorder.isTypeSupported(type)) return type;
  return null;
}

/**
 * The browser's recorder: one microphone stream (echo cancellation and noise suppression, as the
 * recognition hears it) opened at the first answer and kept until the interview screen closes, a
 * new MediaRecorder on it per answer. Null when the browser cannot record (no MediaRecorder).
 */
export function createBrowserAnswerRecorder(clock: ClockLike): AnswerRecorder | null {
  const mimeType = recordingMimeType();
  if (!mimeType || !navigator.mediaDevices?.getUserMedia) return null;
  let stream: Promise<MediaStream> | null = null;
  return new AnswerRecorder({
    clock,
    createRecorder: async () => {
      stream ??= navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS);
      const s = await stream;
      // Opus at 32 kb/s: a five-minute answer is about 1.2 MB.
      return new MediaRecorder(s, { mimeType, audioBitsPerSecond: 32_000 }) as MediaRecorderLike;
    },
    release: () => {
      void stream?.then((s) => s.getTracks().forEach((t) => t.stop())).catch(() => undefined);
    },
  });
}
