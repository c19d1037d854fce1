import { beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpeechServer } from '../../test/fake-speech-server';
import { rejectionOf } from '../../test/errors';
import { useStarted } from '../../test/harness';
import { SpeechError } from './errors';
import { createTranscriber, type TranscriberOptions } from './transcription';

const fake = useStarted(startFakeSpeechServer);
beforeEach(() => {
  fake.reset();
  fake.transcriptions.length = 0;
});

const ANSWER =
  "Okay, so I'm Zoë O'Brien-Smith, and the cache sat in front of the database: reads went to Redis first, and 2.5 seconds became 40 milliseconds.";

/** A few bytes standing for a WAV utterance: the stand-in transcribes by script, not by ear. */
const audio = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 5, 6]);

function transcriber(options: Partial<TranscriberOptions> = {}) {
  return createTranscriber({
    baseUrl: fake.url,
    apiKey: 'stt-key',
    model: 'whisper-test',
    stream: false,
    timeoutMs: 2_000,
    ...options,
  });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, SpeechError);

const request = { audio, mimeType: 'audio/wav', filename: 'utterance.wav' };

describe('the transcription client', () => {
  it('sends the multipart fields the protocol names, with the key, and reads JSON', async () => {
    fake.transcript = () => ANSWER;
    expect(await transcriber().transcribe({ ...request, language: 'en' })).toBe(ANSWER);
    const [sent] = fake.transcriptions;
    expect(sent).toMatchObject({
      model: 'whisper-test',
      language: 'en',
      responseFormat: 'json',
      stream: false,
      authorization: 'Bearer stt-key',
      file: { name: 'utterance.wav', type: 'audio/wav', size: audio.length },
    });
    expect([...sent!.file.bytes]).toEqual([...audio]);
  });

  it('sends no authorization header without a key (local servers)', async () => {
    await transcriber({ apiKey: undefined }).transcribe(request);
    expect(fake.transcriptions[0]!.authorization).toBeUndefined();
  });

  it('reads a plain-text answer when asked for response_format=text', async () => {
    fake.transcript = () => `  ${ANSWER}\n`;
    expect(await transcriber({ responseFormat: 'text' }).transcribe(request)).toBe(ANSWER);
    expect(fake.transcriptions[0]!.responseFormat).toBe('text');
  });

  it('reads a text answer the server sends whatever was asked', async () => {
    fake.mode.transcription = 'text';
    fake.transcript = () => ANSWER;
    expect(await transcriber().transcribe(request)).toBe(ANSWER);
  });

  it.each(['stream-openai', 'stream-chat'] as const)(
    'streamed as %s: interim text grows word by word, the result is the whole answer',
    async (mode) => {
      fake.mode.transcription = mode;
      fake.transcript = () => ANSWER;
      const interim: string[] = [];
      const text = await transcriber({ stream: true }).transcribe({
        ...request,
        onInterim: (t) => interim.push(t),
      });
      expect(text).toBe(ANSWER);
      expect(fake.transcriptions[0]!.stream).toBe(true);
      expect(interim[0]).toBe('Okay,');
      expect(interim.at(-1)).toBe(ANSWER);
      expect(interim.length).toBe(ANSWER.split(' ').length);
      for (let i = 1; i < interim.length; i++)
        expect(interim[i]!.startsWith(interim[i - 1]!)).toBe(true);
    },
  );

  it('reads JSON from a server that ignores stream=true', async () => {
    fake.mode.transcription = 'json';
    fake.transcript = () => ANSWER;
    expect(await transcriber({ stream: true }).transcribe(request)).toBe(ANSWER);
  });

  it('times out on a server that never answers, and on one that stalls mid-stream', async () => {
    fake.mode.transcription = 'timeout';
    expect((await failure(transcriber({ timeoutMs: 1_000 }).transcribe(request))).kind).toBe(
      'timeout',
    );
    fake.mode.transcription = 'stall';
    const interim: string[] = [];
    const stalled = await failure(
      transcriber({ stream: true, timeoutMs: 1_000 }).transcribe({
        ...request,
        onInterim: (t) => interim.push(t),
      }),
    );
    expect(stalled.kind).toBe('timeout');
    expect(interim.length).toBeGreaterThan(0);
  });

  it('stops at once when the caller aborts (not a timeout)', async () => {
    fake.mode.transcription = 'timeout';
    const controller = new AbortController();
    const pending = transcriber({ timeoutMs: 60_000 }).transcribe({
      ...request,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).kind).toBe('aborted');
  });

  it('names a 500 as http, with the server status', async () => {
    fake.mode.transcription = 'http-500';
    const err = await failure(transcriber().transcribe(request));
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/HTTP 500/);
  });

  it.each(['garbage', 'garbage-stream'] as const)(
    'refuses a %s answer instead of storing it',
    async (mode) => {
      fake.mode.transcription = mode;
      expect((await failure(transcriber({ stream: true }).transcribe(request))).kind).toBe(
        'garbage',
      );
    },
  );

  it('refuses more text than an answer may hold', async () => {
    fake.transcript = () => 'word '.repeat(3_000);
    expect((await failure(transcriber().transcribe(request))).kind).toBe('garbage');
  });

  it.each([false, true])('says nothing was recognised in silence (stream %s)', async (stream) => {
    fake.mode.transcription = 'empty';
    expect((await failure(transcriber({ stream }).transcribe(request))).kind).toBe('empty');
  });

  it('names an unreachable server as a network failure', async () => {
    const gone = createTranscriber({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      stream: false,
      timeoutMs: 2_000,
    });
    expect((await failure(gone.transcribe(request))).kind).toBe('network');
  });
});
