import { z } from 'zod';
import { RECORDING_LIMITS, type RecordingFormat } from './recording-files';

/**
 * Recordings of the candidate's answers (issue 14): each answer's audio, kept beside its
 * transcript and played back on the report to its owner only. The limits and formats live here
 * once, for the server that enforces them and the page that records within them.
 */

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
