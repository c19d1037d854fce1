/**
 * Machine-readable reasons of refused requests. Every error body of the API carries one
 * (`ApiErrorBody.code`) beside its human `message`: clients act on the code and show the message,
 * so rewording a message never changes behaviour. The live channel's `error` frame has its own,
 * smaller list (LIVE_ERROR_CODES in live-protocol.ts), derived from these on the server.
 */
export const API_ERROR_CODES = [
  /** 400: a field is invalid; `fields` names each one. */
  'VALIDATION_FAILED',
  /** 400: the request cannot be understood (not JSON, an empty body, a bad header). */
  'BAD_REQUEST',
  /** 401: no valid session. */
  'UNAUTHENTICATED',
  /** 403: the session's account was deactivated (the app signs out and says why). */
  'ACCOUNT_DISABLED',
  /** 403: signed in, but not allowed (another candidate's attempt, an admin route). */
  'FORBIDDEN',
  /** 403: the candidate has no interview credits left in this period (decision 025). */
  'CREDITS_EXHAUSTED',
  /** 403: a state-changing request from another site. */
  'CROSS_SITE',
  /** 404 */
  'NOT_FOUND',
  /** 408: the request did not arrive in time. */
  'REQUEST_TIMEOUT',
  /** 409: the request conflicts with the current state (the message says how). */
  'CONFLICT',
  /** 409: something with this name or key already exists. */
  'ALREADY_EXISTS',
  /** 409: the item is still used by another and cannot go. */
  'IN_USE',
  /** 409: ending an interview the server has not decided is over, without `early`. */
  'NOT_COMPLETE',
  /** 409: the attempt was ended, discarded or closed as abandoned: nothing more is taken. */
  'INTERVIEW_ENDED',
  /** 409: the candidate has too many unfinished attempts to start another. */
  'TOO_MANY_UNFINISHED',
  /** 409: correcting answers or finishing the check of an attempt that has not ended yet. */
  'ATTEMPT_NOT_ENDED',
  /**
   * 409: "Check your answers" is over for this attempt (the report was started or exists, or the
   * window ran out): answers can no longer be corrected.
   */
  'CHECK_CLOSED',
  /** 409: only spoken answers can be corrected (a typed answer is what was typed). */
  'NOT_SPOKEN',
  /** 409: the attempt holds as many messages as it may. */
  'MESSAGE_LIMIT',
  /** 409: the last active administrator cannot delete their own account. */
  'LAST_ADMIN',
  /** 409: the candidate turned recordings off for this attempt (an upload is refused). */
  'RECORDINGS_OFF',
  /** 409: the attempt has used all its code runs (CODING_LIMITS.runsPerAttempt). */
  'CODE_RUN_LIMIT',
  /** 409: the whiteboard was saved since the version this save started from (another tab). */
  'WHITEBOARD_STALE',
  /** 410: a cohort's invite link ran out of time or was withdrawn (decision 046). */
  'INVITE_EXPIRED',
  /** 409: every seat of a cohort's invite link is taken. */
  'INVITE_FULL',
  /** 409: an assignment's set cannot be started before the assignment opens. */
  'ASSIGNMENT_NOT_OPEN',
  /** 409: every attempt an assignment allows at this set is used. */
  'ASSIGNMENT_ATTEMPTS_USED',
  /** 413 */
  'PAYLOAD_TOO_LARGE',
  /** 413: the candidate's recordings already take their whole quota (RECORDINGS_QUOTA_MB). */
  'RECORDING_QUOTA',
  /** 415 */
  'UNSUPPORTED_MEDIA_TYPE',
  /** 416: a Range outside the recording. */
  'RANGE_NOT_SATISFIABLE',
  /** 429: too many attempts; try again later. */
  'RATE_LIMITED',
  /** 429: the candidate already has a code run going and as many waiting as they may. */
  'CODE_RUNS_PENDING',
  /** 500: anything unexpected (the body never says more). */
  'INTERNAL',
  /** 503: the recording store (disk or S3) failed; the answer itself is kept. */
  'RECORDINGS_UNAVAILABLE',
  /** 503: the code runner's queue is full; try the run again in a moment. */
  'SANDBOX_BUSY',
  /** 503: the résumé reader's queue is full; try the upload again in a moment. */
  'READER_BUSY',
  /** 503: the database cannot be reached; try again shortly. */
  'DATABASE_UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The code a refusal with this HTTP status has when nothing more specific applies. */
export function defaultErrorCode(statusCode: number): ApiErrorCode {
  switch (statusCode) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 416:
      return 'RANGE_NOT_SATISFIABLE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'DATABASE_UNAVAILABLE';
    default:
      return statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** The body of every refused API request (better-auth's own endpoints answer in their shape). */
export interface ApiErrorBody {
  error: string;
  message: string;
  statusCode: number;
  /** Why, for code to act on; `message` is for people. */
  code: ApiErrorCode;
  /** Field-level problems of a 400, path joined with dots. */
  fields?: Record<string, string>;
}
