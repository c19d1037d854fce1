/*
 * Recordings' formats, limits and addresses, without a schema: the live screen and the report
 * use them without loading zod (recordings.ts, the API's schemas, builds on these).
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

/** Where the page uploads and plays an answer's recording. */
export function recordingUrl(interviewId: string, answerId: string): string {
  return `/api/interview/${encodeURIComponent(interviewId)}/answers/${encodeURIComponent(answerId)}/recording`;
}
