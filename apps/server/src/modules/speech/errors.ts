/**
 * Why a speech call failed. Every kind ends the same way for the candidate (that turn falls back:
 * the typed box, or the browser's voice) but the log says which, with the attempt id.
 */
export type SpeechErrorKind =
  /** No answer (or no first audio) within SPEECH_TIMEOUT_MS. */
  | 'timeout'
  /** The caller's own signal stopped it (the candidate interrupted, the socket closed). */
  | 'aborted'
  /** The server answered with an HTTP error status. */
  | 'http'
  /** The answer could not be read: not the protocol's shape, not the announced audio. */
  | 'garbage'
  /** Nothing recognised, or no audio. */
  | 'empty'
  /** Could not connect, or the connection broke. */
  | 'network';

export class SpeechError extends Error {
  constructor(
    readonly kind: SpeechErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SpeechError';
  }
}

/** A deadline merged with the caller's signal; `stop` clears the timer once it is not needed. */
export function deadline(ms: number, signal?: AbortSignal) {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new SpeechError('timeout', 'timed out')), ms);
  const merged = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  return {
    signal: merged,
    timedOut: () => timer.signal.aborted,
    stop: () => clearTimeout(handle),
  };
}

/** The error for a failure while a call was under way (its fetch, or reading its body). */
export function classify(
  err: unknown,
  what: string,
  caller: AbortSignal | undefined,
  timedOut: boolean,
): SpeechError {
  if (err instanceof SpeechError) return err;
  if (caller?.aborted) return new SpeechError('aborted', `${what} was stopped`, { cause: err });
  if (timedOut) return new SpeechError('timeout', `${what} did not answer in time`, { cause: err });
  return new SpeechError('network', `${what} could not be reached`, { cause: err });
}

/** The error for an HTTP error status, with the server's own message when it gave one. */
export async function httpError(res: Response, what: string): Promise<SpeechError> {
  let detail = '';
  try {
    detail = (await res.text()).slice(0, 200);
  } catch {
    // The body is only for the log.
  }
  return new SpeechError(
    'http',
    `${what} answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`,
  );
}

export function endpoint(baseUrl: string | undefined, path: string): string {
  return `${(baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}${path}`;
}

export function authHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
