import { RECORDING_LIMITS } from '@candor/shared';
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
  /** When the recording stopped at the length limit (the answer may go on). */
  cutAt: number | null;
  over: boolean;
  /** The whole file, once the recorder stopped. */
  finished: Promise<Blob | null> | null;
}

/** Chunks every second: a recorder stopped by a closing page has still handed over most of it. */
const TIMESLICE_MS = 1_000;

export class AnswerRecorder implements AnswerRecorderLike {
  private current: Take | null = null;
  private disposed = false;
  private limit: unknown = null;
  private readonly maxMs: number;

  constructor(
    private readonly deps: {
      /** A new recorder on the microphone, or null when the browser cannot record. */
      createRecorder: () => Promise<MediaRecorderLike | null>;
      clock: ClockLike;
      /**
       * The longest recording kept (RECORDING_LIMITS.answerMaxMs): a longer answer keeps its
       * first part, so its recording is still taken.
       */
      maxMs?: number;
      /** Called once, on dispose (the browser's stream is released there). */
      release?: () => void;
    },
  ) {
    this.maxMs = deps.maxMs ?? RECORDING_LIMITS.answerMaxMs;
  }

  /** Time recorded so far (paused time and anything after the cut not counted). */
  private recordedMs(take: Take): number {
    const end = take.cutAt ?? this.deps.clock.now();
    const paused = take.pausedMs + (take.pausedAt !== null ? end - take.pausedAt : 0);
    return Math.max(0, end - take.startedAt - paused);
  }

  /** Stops the recording when it reaches the limit (re-armed on every resume). */
  private armLimit(take: Take) {
    this.deps.clock.clearTimeout(this.limit);
    const left = Math.max(0, this.maxMs - this.recordedMs(take));
    this.limit = this.deps.clock.setTimeout(() => {
      if (this.current !== take || take.pausedAt !== null) return;
      take.cutAt = this.deps.clock.now();
      void take.recorder.then((r) => r && this.finish(take, r));
    }, left);
  }

  private finish(take: Take, recorder: MediaRecorderLike): Promise<Blob | null> {
    take.finished ??= new Promise<Blob | null>((resolve) => {
      const whole = () =>
        take.chunks.length > 0 ? new Blob(take.chunks, { type: recorder.mimeType }) : null;
      if (recorder.state === 'inactive') return resolve(whole());
      recorder.onstop = () => resolve(whole());
      recorder.stop();
    });
    return take.finished;
  }

  start() {
    if (this.disposed) return;
    const take = this.current;
    if (take) {
      if (take.pausedAt !== null && take.cutAt === null) {
        take.pausedMs += this.deps.clock.now() - take.pausedAt;
        take.pausedAt = null;
        this.armLimit(take);
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
      cutAt: null,
      over: false,
      finished: null,
    };
    this.current = next;
    this.armLimit(next);
    void next.recorder.then((recorder) => {
      if (!recorder || next.over || next.cutAt !== null) return;
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) next.chunks.push(e.data);
      };
      recorder.start(TIMESLICE_MS);
      if (next.pausedAt !== null) recorder.pause();
    });
  }

  pause() {
    const take = this.current;
    if (!take || take.pausedAt !== null || take.cutAt !== null) return;
    this.deps.clock.clearTimeout(this.limit);
    take.pausedAt = this.deps.clock.now();
    void take.recorder.then((r) => r?.state === 'recording' && r.pause());
  }

  take(): Promise<RecordedAnswer | null> {
    const take = this.current;
    this.current = null;
    this.deps.clock.clearTimeout(this.limit);
    if (!take) return Promise.resolve(null);
    take.over = true;
    const durationMs = Math.min(this.maxMs, this.recordedMs(take));
    return take.recorder.then(async (recorder) => {
      if (!recorder) return null;
      const blob = await this.finish(take, recorder);
      return blob && blob.size > 0 && durationMs > 0 ? { blob, durationMs } : null;
    });
  }

  discard() {
    const take = this.current;
    this.current = null;
    this.deps.clock.clearTimeout(this.limit);
    if (!take) return;
    take.over = true;
    void take.recorder.then((r) => r && this.finish(take, r));
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
