import { defaultErrorCode, type ApiErrorCode } from '@candor/shared';

/**
 * Errors services throw. They carry an HTTP status and a machine-readable code (API_ERROR_CODES in
 * packages/shared) but know nothing of Fastify; the one error handler (platform/http/error-handler.ts)
 * turns them into responses and the live channel into error frames. Code decides by `code`, never
 * by `message`: the message is for people and may be reworded.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Why, for the client to act on; by default the usual code of the status. */
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? (fields ? 'VALIDATION_FAILED' : defaultErrorCode(statusCode));
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (
  message = 'You do not have access to this resource',
  code: ApiErrorCode = 'FORBIDDEN',
) => new AppError(403, message, undefined, code);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, code: ApiErrorCode = 'CONFLICT') =>
  new AppError(409, message, undefined, code);

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
]);

/** True when an error means the database cannot be reached (so the answer is 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    // node-postgres and pg-pool raise these four as plain Errors with no code (pg/lib/client.js,
    // pg-pool/index.js): their text is all there is to go on. Everything with a code goes above.
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    current = e.cause;
  }
  return false;
}
