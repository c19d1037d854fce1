import { ACCOUNT_DISABLED, TIMINGS } from '@candor/shared';
import { reportAccountDisabled } from './account-status';

/** An HTTP failure with the server's message and, for a 400, the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** The server's machine-readable reason, when it gives one (e.g. ACCOUNT_DISABLED). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

export type Query = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A file sent as it is (the server decides its type by its bytes), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
  /** Longer than the usual 10 s (an upload the server reads before answering). */
  timeoutMs?: number;
}

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/**
 * The shared client: JSON in and out, session cookies (httpOnly, never readable here), a 10 s
 * timeout, and errors carrying the server's `message` (else `error`, else 'Unknown error occurred').
 * A deactivated account's answer (403 ACCOUNT_DISABLED) is also reported app-wide, whichever
 * screen asked, so the app signs out and says why (lib/account-status.ts).
 */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMINGS.httpTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      credentials: 'include',
      headers: options.file
        ? { 'content-type': 'application/octet-stream' }
        : options.body === undefined
          ? undefined
          : { 'content-type': 'application/json' },
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (data ?? {}) as {
      message?: unknown;
      error?: unknown;
      code?: unknown;
      fields?: Record<string, string>;
    };
    const code = typeof body.code === 'string' ? body.code : undefined;
    if (response.status === 403 && code === ACCOUNT_DISABLED.code) reportAccountDisabled();
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof body.error === 'string'
          ? body.error
          : 'Unknown error occurred';
    throw new ApiError(response.status, message, body.fields, code);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body: body ?? {} }),
  delete: <T>(path: string, query?: Query, body?: unknown) =>
    request<T>('DELETE', path, { query, body }),
  /** POSTs a file's bytes as the body (up to 60 s: the server reads it before answering). */
  upload: <T>(path: string, file: Blob, query?: Query) =>
    request<T>('POST', path, { file, query, timeoutMs: 60_000 }),
};

/** The server said there is no such thing: 404, or 400 for an id that cannot be one. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 400);
}

export function errorMessage(err: unknown, fallback = 'An unexpected error occurred'): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
