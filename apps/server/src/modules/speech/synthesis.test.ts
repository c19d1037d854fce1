import { beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpeechServer } from '../../test/fake-speech-server';
import { rejectionOf } from '../../test/errors';
import { useStarted } from '../../test/harness';
import { SpeechError } from './errors';
import { createSynthesizer, type SynthesizerOptions } from './synthesis';

const fake = useStarted(startFakeSpeechServer);
beforeEach(() => {
  fake.reset();
  fake.speeches.length = 0;
});

const SENTENCE = 'Thanks, Zoë. How would you explain caching to a new colleague?';

function synthesizer(options: Partial<SynthesizerOptions> = {}) {
  return createSynthesizer({
    baseUrl: fake.url,
    apiKey: 'tts-key',
    model: 'kokoro',
    voice: 'af_heart',
    timeoutMs: 2_000,
    ...options,
  });
}

async function collect(chunks: AsyncGenerator<Uint8Array>) {
  const out: Uint8Array[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, SpeechError);

describe('the speech client', () => {
  it('asks for the sentence with model, voice, format and speed, and streams pcm in whole samples', async () => {
    const chunks = await collect(synthesizer().synthesize({ text: ` ${SENTENCE} ` }));
    expect(fake.speeches[0]!.body).toEqual({
      model: 'kokoro',
      input: SENTENCE,
      voice: 'af_heart',
      response_format: 'pcm',
      speed: 1,
    });
    expect(fake.speeches[0]!.authorization).toBe('Bearer tts-key');
    // Several chunks (it streams), every one whole 16-bit samples though the host cut them oddly.
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length % 2).toBe(0);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const { bytes } = await fake.speeches[0]!.closed;
    expect(total).toBe(bytes - (bytes % 2));
  });

  it('streams opus (an Ogg stream) as it comes', async () => {
    const chunks = await collect(synthesizer({ format: 'opus' }).synthesize({ text: SENTENCE }));
    expect(Buffer.from(chunks[0]!.subarray(0, 4)).toString()).toBe('OggS');
    expect(fake.speeches[0]!.body.response_format).toBe('opus');
  });

  it('asks for nothing when there is nothing to say', async () => {
    expect(await collect(synthesizer().synthesize({ text: '   ' }))).toEqual([]);
    expect(fake.speeches).toHaveLength(0);
  });

  it('times out before the first audio, and when the audio stops coming', async () => {
    fake.mode.speech = 'timeout';
    expect(
      (await failure(collect(synthesizer({ timeoutMs: 1_000 }).synthesize({ text: SENTENCE }))))
        .kind,
    ).toBe('timeout');
    fake.mode.speech = 'stall';
    const got: Uint8Array[] = [];
    const stalled = await failure(
      (async () => {
        for await (const c of synthesizer({ timeoutMs: 1_000 }).synthesize({ text: SENTENCE })) {
          got.push(c);
        }
      })(),
    );
    expect(stalled.kind).toBe('timeout');
    expect(got.length).toBe(1);
  });

  it('stops reading and lets go of the connection when the caller aborts mid-sentence', async () => {
    fake.audio.delayMs = 30;
    try {
      const controller = new AbortController();
      const got: Uint8Array[] = [];
      const err = await failure(
        (async () => {
          for await (const c of synthesizer().synthesize({
            text: SENTENCE.repeat(4),
            signal: controller.signal,
          })) {
            got.push(c);
            if (got.length === 2) controller.abort();
          }
        })(),
      );
      expect(err.kind).toBe('aborted');
      expect((await fake.speeches[0]!.closed).early).toBe(true);
    } finally {
      fake.audio.delayMs = 5;
    }
  });

  it.each([
    ['http-500', 'http'],
    ['garbage', 'garbage'],
    ['empty', 'empty'],
  ] as const)('a %s answer fails as %s', async (mode, kind) => {
    fake.mode.speech = mode;
    expect((await failure(collect(synthesizer().synthesize({ text: SENTENCE })))).kind).toBe(kind);
  });

  it('refuses audio that is not the format asked for', async () => {
    // The stand-in answers mp3 requests with pcm bytes (no ID3 / frame sync).
    expect(
      (await failure(collect(synthesizer({ format: 'mp3' }).synthesize({ text: SENTENCE })))).kind,
    ).toBe('garbage');
  });
});
