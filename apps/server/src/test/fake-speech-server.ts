import http from 'node:http';
import { listenOnLoopback } from './processes';

/**
 * A local stand-in for an OpenAI-compatible audio host on loopback, for tests and the latency
 * benchmark: `POST /audio/transcriptions` (multipart; JSON, text, and both streamed shapes) and
 * `POST /audio/speech` (audio streamed in chunks), each able to fail the ways real hosts fail.
 * It cannot recognise speech: the transcript of each utterance is what the test scripted for it.
 */

export type TranscriptionMode =
  /** `{ "text": … }`, or plain text when asked for `response_format=text`; streamed when asked. */
  | 'ok'
  /** Ignores `stream=true` and answers JSON (whisper-1 at OpenAI does). */
  | 'json'
  /** Answers plain text whatever was asked. */
  | 'text'
  /** Streams OpenAI's transcript.text.delta / transcript.text.done events (with `event:` lines). */
  | 'stream-openai'
  /** Streams chat-completion chunks (`choices[].delta.content`) ending in [DONE]. */
  | 'stream-chat'
  /** Accepts the request and never answers. */
  | 'timeout'
  /** Streams the first words, then holds the stream open. */
  | 'stall'
  | 'http-500'
  /** 200 with a body that is no transcript (an HTML error page). */
  | 'garbage'
  /** An event stream whose events are not JSON. */
  | 'garbage-stream'
  /** Recognises nothing: empty text. */
  | 'empty';

export type SpeechMode =
  | 'ok'
  | 'timeout'
  /** Sends the first chunk of audio, then holds the response open. */
  | 'stall'
  | 'http-500'
  /** 200 with JSON instead of audio. */
  | 'garbage'
  /** 200 with no audio at all. */
  | 'empty';

export interface TranscriptionRequest {
  model: string;
  language: string | null;
  responseFormat: string | null;
  stream: boolean;
  file: { name: string; type: string; size: number; bytes: Buffer };
  authorization: string | undefined;
  at: number;
}

export interface SpeechRequest {
  body: { model: string; input: string; voice: string; response_format?: string; speed?: number };
  authorization: string | undefined;
  at: number;
  /** Settles when the response closed: `early` when the client went before the audio ended. */
  closed: Promise<{ early: boolean; bytes: number }>;
}

export interface FakeSpeechServer {
  url: string;
  transcriptions: TranscriptionRequest[];
  speeches: SpeechRequest[];
  mode: { transcription: TranscriptionMode; speech: SpeechMode };
  /**
   * The transcript of the n-th utterance (0-based) received: the words the test spoke. Default:
   * a spoken-style answer naming the utterance's size.
   */
  transcript: ((n: number, request: TranscriptionRequest) => string) | null;
  /** Milliseconds of audio per character of input (the tone's length), and per-chunk pacing. */
  audio: { msPerChar: number; chunkMs: number; delayMs: number };
  /** Back to answering normally: both modes 'ok', the default transcript and pacing. */
  reset(): void;
  close(): Promise<void>;
}

/** A quiet 220 Hz tone as 16-bit little-endian mono pcm at 24 kHz. */
function tone(ms: number): Buffer {
  const samples = Math.max(1, Math.round((24_000 * ms) / 1000));
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    pcm.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / 24_000)), i * 2);
  }
  return pcm;
}

/** Looks like an Ogg stream to a reader that checks the capture pattern; not real Opus. */
function oggLike(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from('OggS'), bytes]);
}

const words = (text: string) => text.match(/\S+\s*/g) ?? [];

export async function startFakeSpeechServer(): Promise<FakeSpeechServer> {
  const PACING = { msPerChar: 15, chunkMs: 100, delayMs: 5 };
  // What the test reads and changes, read again by every request; url and close once it listens.
  const fake: FakeSpeechServer = {
    url: '',
    transcriptions: [],
    speeches: [],
    mode: { transcription: 'ok', speech: 'ok' },
    transcript: null,
    audio: { ...PACING },
    reset() {
      fake.mode.transcription = 'ok';
      fake.mode.speech = 'ok';
      fake.transcript = null;
      Object.assign(fake.audio, PACING);
    },
    close: async () => undefined,
  };
  const { transcriptions, speeches, mode, audio } = fake;
  const hanging = new Set<http.ServerResponse>();
  const hold = (res: http.ServerResponse) => {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
  };

  async function transcription(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(raw),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'file is required' } }));
      return;
    }
    const request: TranscriptionRequest = {
      model: String(form.get('model')),
      language: form.get('language') as string | null,
      responseFormat: form.get('response_format') as string | null,
      stream: form.get('stream') === 'true',
      file: {
        name: (file as File).name,
        type: file.type,
        size: file.size,
        bytes: Buffer.from(await file.arrayBuffer()),
      },
      authorization: req.headers.authorization,
      at: performance.now(),
    };
    const n = transcriptions.push(request) - 1;
    const current = mode.transcription;
    const text =
      current === 'empty'
        ? ''
        : (fake.transcript?.(n, request) ??
          `Okay, so this is answer ${n + 1}, spoken in ${request.file.size} bytes.`);
    if (current === 'timeout') return hold(res);
    if (current === 'http-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'internal error', type: 'server_error' } }));
      return;
    }
    if (current === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    if (current === 'garbage-stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: <partial>okay so</partial>\n\n');
      return;
    }
    const streamed =
      current === 'stream-openai' ||
      current === 'stream-chat' ||
      current === 'stall' ||
      (current === 'ok' && request.stream);
    if (streamed) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const parts = words(text);
      if (current === 'stream-chat') {
        for (const p of parts) {
          res.write(
            `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: p } }] })}\n\n`,
          );
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      const sent = current === 'stall' ? parts.slice(0, 2) : parts;
      for (const p of sent) {
        res.write(
          `event: transcript.text.delta\ndata: ${JSON.stringify({ type: 'transcript.text.delta', delta: p })}\n\n`,
        );
      }
      if (current === 'stall') return hold(res);
      res.end(
        `event: transcript.text.done\ndata: ${JSON.stringify({ type: 'transcript.text.done', text })}\n\n`,
      );
      return;
    }
    if (current === 'text' || request.responseFormat === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(text);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text }));
  }

  function speech(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const body = JSON.parse(raw.toString()) as SpeechRequest['body'];
    let ended = false;
    let bytes = 0;
    const record: SpeechRequest = {
      body,
      authorization: req.headers.authorization,
      at: performance.now(),
      closed: new Promise((resolve) => res.on('close', () => resolve({ early: !ended, bytes }))),
    };
    speeches.push(record);
    const current = mode.speech;
    if (current === 'timeout') return hold(res);
    if (current === 'http-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'internal error' } }));
      ended = true;
      return;
    }
    if (current === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'voice not found' }));
      ended = true;
      return;
    }
    const format = body.response_format ?? 'mp3';
    res.writeHead(200, {
      'content-type':
        format === 'pcm' ? 'audio/pcm' : format === 'opus' ? 'audio/ogg' : 'audio/mpeg',
    });
    if (current === 'empty') {
      ended = true;
      res.end();
      return;
    }
    const pcm = tone(body.input.length * audio.msPerChar);
    const all = format === 'opus' ? oggLike(pcm) : pcm;
    // Odd-sized chunks: a reader must keep samples whole across network chunks.
    const size = Math.max(1, Math.round((24_000 * 2 * audio.chunkMs) / 1000) + 1);
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      const chunk = all.subarray(at, at + size);
      at += chunk.length;
      bytes += chunk.length;
      res.write(chunk);
      if (current === 'stall') return hold(res);
      if (at >= all.length) {
        ended = true;
        res.end();
        return;
      }
      setTimeout(next, audio.delayMs);
    };
    next();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const route = req.method === 'POST' ? req.url?.replace(/^\/v1/, '') : undefined;
      if (route !== '/audio/transcriptions' && route !== '/audio/speech') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const handle = async () =>
        route === '/audio/speech' ? speech(req, raw, res) : transcription(req, raw, res);
      handle().catch(() => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'bad request' } }));
      });
    });
  });
  const { port, close } = await listenOnLoopback(server, hanging);
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = close;
  return fake;
}
