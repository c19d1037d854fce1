import { z } from 'zod';
import { MAX_ANSWER_CHARS } from '@candor/shared';
import { authHeaders, classify, deadline, endpoint, httpError, SpeechError } from './errors';
import { readServerSentEvents } from './sse';

/**
 * A client of the OpenAI audio transcription protocol (`POST {base}/audio/transcriptions`,
 * multipart), as OpenAI, Groq, speaches, LocalAI and vLLM speak it. Streamed answers come in two
 * shapes: OpenAI's `transcript.text.delta` / `transcript.text.done` events, and the chat-style
 * `choices[].delta.content` chunks some servers send; both are read, and a server that ignores
 * `stream=true` and answers JSON or plain text is read too. Whatever the server says is checked
 * before it becomes an answer.
 */

export interface TranscriberOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Ask for a streamed transcript (interim text). */
  stream: boolean;
  timeoutMs: number;
  /** `json` (the default) or `text`: what to ask for when not streaming. */
  responseFormat?: 'json' | 'text';
}

export interface TranscribeRequest {
  audio: Uint8Array;
  /** The audio's media type and a file name with the matching extension (servers look at it). */
  mimeType: string;
  filename: string;
  /** ISO-639-1; the interviews are in English. */
  language?: string;
  signal?: AbortSignal;
  /** The transcript so far, each time a streamed delta arrives. */
  onInterim?: (text: string) => void;
  /** The attempt it is made for: its usage is recorded against it (usage.ts). */
  interviewId?: string;
}

export interface Transcriber {
  transcribe(request: TranscribeRequest): Promise<string>;
}

const jsonAnswer = z.object({ text: z.string() });
const openAiEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transcript.text.delta'), delta: z.string() }),
  z.object({ type: z.literal('transcript.text.done'), text: z.string() }),
]);
const chatChunk = z.object({
  choices: z
    .array(z.object({ delta: z.object({ content: z.string().nullish() }).passthrough() }))
    .min(1),
});

const WHAT = 'The transcription server';

/** The transcript, checked: text, not empty, not longer than an answer may be. */
function checked(text: string): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') throw new SpeechError('empty', 'Nothing was recognised');
  if (trimmed.length > MAX_ANSWER_CHARS) {
    throw new SpeechError('garbage', `${WHAT} answered more text than an answer may have`);
  }
  return trimmed;
}

async function readStream(res: Response, onInterim?: (text: string) => void): Promise<string> {
  let text = '';
  let done: string | null = null;
  let events = 0;
  for await (const data of readServerSentEvents(res.body!)) {
    if (data === '[DONE]') break;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new SpeechError('garbage', `${WHAT} streamed an event that is not JSON`);
    }
    const event = openAiEvent.safeParse(json);
    if (event.success) {
      events++;
      if (event.data.type === 'transcript.text.done') {
        done = event.data.text;
        break;
      }
      text += event.data.delta;
    } else {
      const chunk = chatChunk.safeParse(json);
      if (!chunk.success) {
        // Other event types (OpenAI adds logprobs, usage, segments…) are not transcript text.
        if (typeof (json as { type?: unknown })?.type === 'string') continue;
        throw new SpeechError('garbage', `${WHAT} streamed an event of an unknown shape`);
      }
      events++;
      text += chunk.data.choices[0]!.delta.content ?? '';
    }
    if (text.length > MAX_ANSWER_CHARS * 2) {
      throw new SpeechError('garbage', `${WHAT} streamed more text than an answer may have`);
    }
    if (onInterim && text.trim() !== '') onInterim(text.replace(/\s+/g, ' ').trim());
  }
  if (events === 0) throw new SpeechError('garbage', `${WHAT} streamed no transcript`);
  return done ?? text;
}

export function createTranscriber(options: TranscriberOptions): Transcriber {
  const url = endpoint(options.baseUrl, '/audio/transcriptions');
  return {
    async transcribe(request) {
      const form = new FormData();
      form.append('file', new Blob([request.audio], { type: request.mimeType }), request.filename);
      form.append('model', options.model);
      form.append('language', request.language ?? 'en');
      form.append('response_format', options.stream ? 'json' : (options.responseFormat ?? 'json'));
      if (options.stream) form.append('stream', 'true');

      const time = deadline(options.timeoutMs, request.signal);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: authHeaders(options.apiKey),
          body: form,
          signal: time.signal,
        });
        if (!res.ok) throw await httpError(res, WHAT);
        const type = res.headers.get('content-type') ?? '';
        if (type.includes('text/event-stream')) {
          return checked(await readStream(res, request.onInterim));
        }
        const body = await res.text();
        if (type.includes('application/json')) {
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            throw new SpeechError('garbage', `${WHAT} answered JSON that does not parse`);
          }
          const parsed = jsonAnswer.safeParse(json);
          if (!parsed.success)
            throw new SpeechError('garbage', `${WHAT} answered JSON without text`);
          return checked(parsed.data.text);
        }
        if (type.startsWith('text/plain') || type === '') return checked(body);
        throw new SpeechError(
          'garbage',
          `${WHAT} answered ${type.split(';')[0]}, not a transcript`,
        );
      } catch (err) {
        throw classify(err, WHAT, request.signal, time.timedOut());
      } finally {
        time.stop();
      }
    },
  };
}
