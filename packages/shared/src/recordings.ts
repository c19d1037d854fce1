import { z } from 'zod';

/**
 * Recordings of the candidate's answers (issue 14): each answer's audio, kept beside its
 * transcript and played back on the report to its owner only. The limits and formats live here
 * once, for the server that enforces them and the page that records within them.
 */

/** The audio formats an answer may be uploaded in (what MediaRecorder and the detector produce). */
export const RECORDING_FORMATS = [
  'audio/webm',
  'audio/ogg',
  'audio/wav',
  'audio/mp4',
  'audio/mpeg',
] as const;
export type RecordingFormat = (typeof RECORDING_FORMATS)[number];

export const RECORDING_LIMITS = {
  /** Longest answer kept (as the page measured it): 5 minutes. */
  answerMaxMs: 5 * 60_000,
  /** Largest answer: 10 MB (5 minutes of Opus at 32 kb/s is about 1.2 MB; WAV at 16 kHz, 9.6 MB). */
  answerMaxBytes: 10 * 1024 * 1024,
  /** Every answer of one attempt together: 100 MB. */
  attemptMaxBytes: 100 * 1024 * 1024,
} as const;

/** The default number of days a recording is kept (RECORDINGS_RETENTION_DAYS). */
export const RECORDINGS_RETENTION_DAYS_DEFAULT = 30;

/** The error codes of a refused upload that the page acts on (besides the usual ones). */
export const RECORDINGS_OFF = {
  code: 'RECORDINGS_OFF',
  message: 'Recordings are turned off for this interview.',
} as const;

/** The media type without parameters (`audio/webm;codecs=opus` is `audio/webm`), or null. */
export function recordingFormatOf(contentType: string | undefined): RecordingFormat | null {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  // Browsers name WAV in several ways; one name is stored.
  const wav = essence === 'audio/wave' || essence === 'audio/x-wav' || essence === 'audio/vnd.wave';
  const name = wav ? 'audio/wav' : essence;
  return (RECORDING_FORMATS as readonly string[]).includes(name) ? (name as RecordingFormat) : null;
}

/** `PUT /api/interview/:id/answers/:answerId/recording?durationMs=…`: the page's measure. */
export const recordingUploadQuerySchema = z.object({
  durationMs: z.coerce
    .number({ error: 'durationMs must be a number of milliseconds' })
    .int('durationMs must be a whole number of milliseconds')
    .min(1, 'durationMs must be positive')
    .max(
      RECORDING_LIMITS.answerMaxMs,
      `A recording may last at most ${RECORDING_LIMITS.answerMaxMs / 60_000} minutes`,
    ),
});

/** What an upload answers, and how a recording is described on the report. */
export interface RecordingInfo {
  answerId: string;
  format: RecordingFormat;
  durationMs: number;
  sizeBytes: number;
  createdAt: string;
}

/** `GET /api/interview/:id/recordings`: the attempt's recordings, and whether it keeps them. */
export interface AttemptRecordings {
  keepRecordings: boolean;
  recordings: RecordingInfo[];
}

/** `GET /api/user/recordings`: what Settings shows. */
export interface RecordingUsage {
  count: number;
  bytes: number;
  retentionDays: number;
  /** The most one candidate may keep (RECORDINGS_QUOTA_MB), in bytes. */
  quotaBytes: number;
}

/** Where the page uploads and plays an answer's recording. */
export function recordingUrl(interviewId: string, answerId: string): string {
  return `/api/interview/${encodeURIComponent(interviewId)}/answers/${encodeURIComponent(answerId)}/recording`;
}
