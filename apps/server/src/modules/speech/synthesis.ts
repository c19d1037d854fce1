import { authHeaders, classify, endpoint, httpError, SpeechError } from './errors';

/**
 * A client of the OpenAI speech protocol (`POST {base}/audio/speech`), as OpenAI, Kokoro-FastAPI,
 * speaches and LocalAI speak it, read as a stream: the first audio plays while the rest is still
 * being synthesised. `pcm` is what the page plays as it arrives (raw 16-bit little-endian mono at
 * 24 kHz, the protocol's fixed rate); opus and mp3 are read and checked the same way.
 */

export type SpeechFormat = 'pcm' | 'opus' | 'mp3';

/** The sample rate of the protocol's `pcm` format. */
export const PCM_SAMPLE_RATE = 24_000;

export interface SynthesizerOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  voice: string;
  /** Until the first audio, and then between two chunks of it. */
  timeoutMs: number;
  format?: SpeechFormat;
  speed?: number;
}

export interface SynthesizeRequest {
  text: string;
  signal?: AbortSignal;
  /** The attempt it is made for: its usage is recorded against it (usage.ts). */
  interviewId?: string;
}

export interface Synthesizer {
  format: SpeechFormat;
  /** The audio of one text, chunk by chunk (pcm chunks always hold whole samples). */
  synthesize(request: SynthesizeRequest): AsyncGenerator<Uint8Array>;
}

const WHAT = 'The speech server';
/** Far more than a sentence takes (a minute of pcm is 2.9 MB): a server that never stops is cut. */
const MAX_BYTES = 16 * 1024 * 1024;

/** Is this the start of the announced format? Servers that fail with status 200 send text. */
function looksLike(format: SpeechFormat, head: Uint8Array): boolean {
  if (format === 'opus') return String.fromCharCode(...head.subarray(0, 4)) === 'OggS';
  if (format === 'mp3') {
    return (
      String.fromCharCode(...head.subarray(0, 3)) === 'ID3' ||
      (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)
    );
  }
  return true;
}

function acceptable(type: string): boolean {
  return type === '' || type.startsWith('audio/') || type.startsWith('application/octet-stream');
}

export function createSynthesizer(options: SynthesizerOptions): Synthesizer {
  const url = endpoint(options.baseUrl, '/audio/speech');
  const format = options.format ?? 'pcm';
  return {
    format,
    async *synthesize(request) {
      const text = request.text.trim();
      if (text === '') return;
      const timer = new AbortController();
      let handle: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(handle);
        handle = setTimeout(
          () => timer.abort(new SpeechError('timeout', 'timed out')),
          options.timeoutMs,
        );
      };
      const signal = request.signal
        ? AbortSignal.any([request.signal, timer.signal])
        : timer.signal;
      arm();
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...authHeaders(options.apiKey), 'content-type': 'application/json' },
          body: JSON.stringify({
            model: options.model,
            input: text,
            voice: options.voice,
            response_format: format,
            speed: options.speed ?? 1,
          }),
          signal,
        });
        if (!res.ok) throw await httpError(res, WHAT);
        const type = (res.headers.get('content-type') ?? '').toLowerCase();
        if (!acceptable(type)) {
          throw new SpeechError('garbage', `${WHAT} answered ${type.split(';')[0]}, not audio`);
        }
        if (!res.body) throw new SpeechError('empty', `${WHAT} answered no audio`);
        reader = res.body.getReader();
        let total = 0;
        /** A pcm sample split across two network chunks waits for its second byte. */
        let odd: Uint8Array | null = null;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (value.length === 0) continue;
          arm();
          if (total === 0 && !looksLike(format, value)) {
            throw new SpeechError('garbage', `${WHAT} answered something that is not ${format}`);
          }
          total += value.length;
          if (total > MAX_BYTES) throw new SpeechError('garbage', `${WHAT} never stopped`);
          let chunk = value;
          if (format === 'pcm') {
            if (odd) {
              const joined = new Uint8Array(odd.length + chunk.length);
              joined.set(odd);
              joined.set(chunk, odd.length);
              chunk = joined;
              odd = null;
            }
            if (chunk.length % 2 === 1) {
              odd = chunk.slice(chunk.length - 1);
              chunk = chunk.subarray(0, chunk.length - 1);
            }
            if (chunk.length === 0) continue;
          }
          yield chunk;
        }
        if (total === 0) throw new SpeechError('empty', `${WHAT} answered no audio`);
      } catch (err) {
        throw classify(err, WHAT, request.signal, timer.signal.aborted);
      } finally {
        clearTimeout(handle);
        await reader?.cancel().catch(() => undefined);
      }
    },
  };
}
