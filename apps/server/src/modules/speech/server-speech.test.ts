import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSCRIPTION_FAILED_MESSAGE, wavFromPcm16, type ServerFrame } from '@candor/shared';
import { aiUsage } from '../../db/schema';
import { startFakeOpenAiServer, openAiStandInConfig } from '../../test/fake-openai-server';
import { startFakeSpeechServer } from '../../test/fake-speech-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { createAttempt } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * Server speech on the live channel (decision 022), against the loopback stand-ins of an
 * OpenAI-style model host and audio host: utterances sent as binary frames come back as
 * transcripts, the interviewer's replies are voiced sentence by sentence while the model is still
 * writing, an interrupt stops the voice, and every fault falls back for that turn only.
 */

const SPOKEN =
  "Okay, so I'm Zoë O'Brien-Smith. At my last job I looked after the catalogue service, and most of my time went into keeping it fast with a read-through cache in front of PostgreSQL.";
const LONG_REPLY =
  'Thanks, that is a really useful picture of the catalogue. Let me build on the cache you described. Imagine the prices now change every few seconds because of a flash sale. How would you keep what the shop front shows consistent with the database?';
const STALLED_SENTENCES = [
  'Thanks, that is a really useful picture of the catalogue.',
  'Let me build on the cache you described.',
  'Imagine the prices now change every few seconds because of a flash sale.',
];

/** Half a second of a quiet tone at 16 kHz as WAV: an utterance as the page sends one. */
function utteranceAudio(ms = 500): Uint8Array {
  const samples = new Int16Array((16_000 * ms) / 1000);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(2000 * Math.sin(i / 8));
  return wavFromPcm16(samples, 16_000);
}

type Of<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

describe.each(databaseKinds())('server speech on the live channel on %s', (kind) => {
  const chat = useStarted(startFakeOpenAiServer);
  const audio = useStarted(startFakeSpeechServer);
  const ctx = useTestApp(
    kind,
    () =>
      openAiStandInConfig(chat.url, {
        AI_TIMEOUT_MS: '60000',
        STT_PROVIDER: 'openai',
        STT_BASE_URL: audio.url,
        STT_API_KEY: 'stt-secret-key',
        STT_MODEL: 'fake-whisper',
        TTS_PROVIDER: 'openai',
        TTS_BASE_URL: audio.url,
        TTS_MODEL: 'fake-kokoro',
        TTS_VOICE: 'af_heart',
        SPEECH_TIMEOUT_MS: '1000',
        STT_PRICE_MINUTE: '0.006',
        TTS_PRICE_MILLION_CHARACTERS: '15',
      }),
    { listen: true, logLevel: 'warn' },
  );
  afterEach(() => {
    chat.reset();
    audio.reset();
  });

  /** Whether the app logged a failure starting with `message` about these ids. */
  const loggedFailure = (message: string, about: Record<string, string>) =>
    ctx.logs.some(
      (l) =>
        String(l.msg).startsWith(message) &&
        Object.entries(about).every(([field, value]) => l[field] === value),
    );

  /** A candidate in a topic interview whose page plays server audio (or not), past the intro. */
  async function begin(options: { audio?: boolean } = {}) {
    const { cookie } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const { id } = await createAttempt(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start(undefined, { audio: options.audio ?? false });
    const state = (await live.next('state')) as Of<'state'>;
    const intro = (await live.next('reply.end')) as Of<'reply.end'>;
    if (options.audio) {
      // The introduction's voice is over before the test looks at what the audio host was asked.
      const last = intro.message.message.match(/[^.!?]+[.!?]+/g)!.length - 1;
      await live.next(
        (f) =>
          (f.type === 'speech.end' || f.type === 'speech.failed') &&
          f.replyId === intro.message.id &&
          f.index === last,
      );
    }
    return { id, live, state, intro: intro.message };
  }

  it('says in `state` that the server recognises and speaks', async () => {
    const { live, state } = await begin();
    expect(state.speech).toEqual({ recognition: 'server', voice: 'server' });
    live.close();
  });

  it.each(['stream-openai', 'stream-chat', 'json', 'text'] as const)(
    'transcribes an utterance (%s): interim text while streamed, then the whole text; the answer is stored like any spoken one',
    async (mode) => {
      const { id, live } = await begin();
      audio.mode.transcription = mode;
      audio.transcript = () => SPOKEN;
      const wav = utteranceAudio();
      const before = audio.transcriptions.length;
      const utteranceId = live.sendUtterance(wav);
      const final = (await live.next(
        (f) => f.type === 'transcript' && f.id === utteranceId && f.final,
      )) as Of<'transcript'>;
      expect(final.text).toBe(SPOKEN);
      const interim = live.frames.filter(
        (f): f is Of<'transcript'> => f.type === 'transcript' && !f.final && f.id === utteranceId,
      );
      if (mode.startsWith('stream')) {
        expect(interim.length).toBe(SPOKEN.split(' ').length);
        expect(interim[0]!.text).toBe('Okay,');
      } else {
        expect(interim).toEqual([]);
      }
      // The stand-in got the page's WAV with the model, language and key; the key stays here.
      const sent = audio.transcriptions[before]!;
      expect(sent).toMatchObject({ model: 'fake-whisper', language: 'en', stream: true });
      expect(sent.authorization).toBe('Bearer stt-secret-key');
      expect(Buffer.compare(sent.file.bytes, Buffer.from(wav))).toBe(0);
      expect(JSON.stringify(live.frames)).not.toContain('stt-secret-key');

      // The page sends the recognised words as its answer: stored as a voice answer.
      const { ack } = await live.answer(final.text, { mode: 'voice' });
      const stored = (await loadMessages(ctx.database.db, id)).find((m) => m.seq === ack.seq)!;
      expect(stored).toMatchObject({ speaker: 'User', message: SPOKEN });
      expect(stored.meta.mode).toBe('voice');
      live.close();
    },
  );

  it('an utterance of silence comes back as empty text, not as a failure', async () => {
    const { live } = await begin();
    audio.mode.transcription = 'empty';
    const utteranceId = live.sendUtterance(utteranceAudio());
    const final = (await live.next(
      (f) => f.type === 'transcript' && f.id === utteranceId && f.final,
    )) as Of<'transcript'>;
    expect(final.text).toBe('');
    live.close();
  });

  it.each(['timeout', 'stall', 'http-500', 'garbage', 'garbage-stream'] as const)(
    'a transcription that fails (%s) tells the candidate to repeat or type, is logged with the attempt id, and the interview carries on',
    async (mode) => {
      const { id, live } = await begin();
      audio.mode.transcription = mode;
      const utteranceId = live.sendUtterance(utteranceAudio());
      const failed = (await live.next(
        (f) => f.type === 'transcript.failed' && f.id === utteranceId,
      )) as Of<'transcript.failed'>;
      expect(failed.message).toBe(TRANSCRIPTION_FAILED_MESSAGE);
      expect(loggedFailure('transcription failed', { interviewId: id, utteranceId })).toBe(true);
      // The candidate types the answer instead; the next utterance is transcribed again.
      const typed = await live.answer('I would put a cache in front of the database.');
      expect(typed.ack.seq).toBeGreaterThan(0);
      audio.mode.transcription = 'json';
      const again = live.sendUtterance(utteranceAudio());
      await live.next((f) => f.type === 'transcript' && f.id === again && f.final);
      live.close();
    },
  );

  it('records what server speech cost the attempt: seconds recognised, characters voiced, none for a failure', async () => {
    const speechRows = async (id: string) => {
      await ctx.app.flushUsage();
      return (
        await ctx.database.db.select().from(aiUsage).where(eq(aiUsage.interviewId, id))
      ).filter((r) => r.purpose === 'speech');
    };
    const before = audio.speeches.length;
    const { id, live } = await begin({ audio: true });
    // The introduction, voiced sentence by sentence: one row each, the characters the host got.
    const voiced = audio.speeches.slice(before).map((r) => r.body.input);
    expect(voiced.length).toBeGreaterThan(0);
    const voiceRows = await speechRows(id);
    expect(voiceRows.map((r) => r.speechCharacters).sort()).toEqual(
      voiced.map((t) => t.length).sort(),
    );
    for (const row of voiceRows) {
      expect(row).toMatchObject({ model: 'fake-kokoro', speechSeconds: 0, promptTokens: 0 });
      expect(row.cost).toBeCloseTo((row.speechCharacters * 15) / 1_000_000, 12);
    }

    audio.mode.transcription = 'json';
    audio.transcript = () => SPOKEN;
    const ok = live.sendUtterance(utteranceAudio(1500));
    await live.next((f) => f.type === 'transcript' && f.id === ok && f.final);
    audio.mode.transcription = 'http-500';
    const failed = live.sendUtterance(utteranceAudio(900));
    await live.next((f) => f.type === 'transcript.failed' && f.id === failed);
    live.close();
    const heard = (await speechRows(id)).filter((r) => r.model === 'fake-whisper');
    // 1.5 s of audio, priced per minute; the failed utterance cost nothing.
    expect(heard).toHaveLength(1);
    expect(heard[0]!.speechSeconds).toBeCloseTo(1.5, 3);
    expect(heard[0]!.cost).toBeCloseTo((1.5 / 60) * 0.006, 12);
  });

  it('refuses binary frames that are not utterances, naming what is wrong, and stays open', async () => {
    const { live } = await begin();
    live.sendBinary(new Uint8Array([0, 0, 0, 2, 123, 125]));
    expect(((await live.next('error')) as Of<'error'>).message).toMatch(/^type: /);
    live.sendUtterance(utteranceAudio(), { id: 'not-a-uuid' });
    expect(((await live.next('error')) as Of<'error'>).message).toMatch(/^id: /);
    live.sendUtterance(new TextEncoder().encode('this is not a wav file at all, just some text'));
    expect((await live.next('error')) as Of<'error'>).toMatchObject({
      code: 'bad_frame',
      message: 'audio: not a WAV file',
    });
    live.sendBinary(new Uint8Array([1, 2]));
    expect(((await live.next('error')) as Of<'error'>).code).toBe('bad_frame');
    const ok = live.sendUtterance(utteranceAudio());
    await live.next((f) => f.type === 'transcript' && f.id === ok && f.final);
    live.close();
  });

  it('voices each sentence while the model is still writing the rest, in whole pcm samples', async () => {
    const { live } = await begin({ audio: true });
    chat.mode.chat = 'stall';
    chat.lines = () => LONG_REPLY;
    const speechesBefore = audio.speeches.length;
    live.sendAnswer(SPOKEN, { mode: 'voice' });
    const { id: replyId } = (await live.next('reply.start')) as Of<'reply.start'>;
    // Every streamed sentence is voiced, though the model holds the last one back (no reply.end).
    for (const [index, text] of STALLED_SENTENCES.entries()) {
      const start = (await live.next(
        (f) => f.type === 'speech.start' && f.replyId === replyId && f.index === index,
      )) as Of<'speech.start'>;
      expect(start).toMatchObject({ text, format: 'pcm', sampleRate: 24_000 });
      await live.next((f) => f.type === 'speech.end' && f.replyId === replyId && f.index === index);
    }
    expect(live.frames.some((f) => f.type === 'reply.end' && f.message.id === replyId)).toBe(false);
    const asked = audio.speeches.slice(speechesBefore);
    expect(asked.map((s) => s.body.input)).toEqual(STALLED_SENTENCES);
    expect(asked[0]!.body).toMatchObject({
      model: 'fake-kokoro',
      voice: 'af_heart',
      response_format: 'pcm',
    });
    // Every byte the audio host sent for the first sentence reached the page, in order.
    const first = live.audio.filter((a) => a.header.replyId === replyId && a.header.index === 0);
    const received = first.reduce((n, a) => n + a.bytes.length, 0);
    const { bytes } = await asked[0]!.closed;
    expect(received).toBe(bytes - (bytes % 2));
    for (const a of first) expect(a.bytes.length % 2).toBe(0);
    live.interrupt(replyId, STALLED_SENTENCES[0]!);
    await live.next((f) => f.type === 'reply.end' && f.message.id === replyId);
    live.close();
  });

  it('an interrupt stops the voice at once: the sentence being synthesised is cut and no more are voiced', async () => {
    const { id, live } = await begin({ audio: true });
    chat.mode.chat = 'stall';
    chat.lines = () => LONG_REPLY;
    // Slow audio: the first sentence is still being synthesised when the candidate cuts in.
    audio.audio.delayMs = 200;
    const speechesBefore = audio.speeches.length;
    live.sendAnswer(SPOKEN, { mode: 'voice' });
    const { id: replyId } = (await live.next('reply.start')) as Of<'reply.start'>;
    await live.next((f) => f.type === 'speech.start' && f.replyId === replyId);
    while (!live.audio.some((a) => a.header.replyId === replyId)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const heard = 'Thanks, that is a really';
    live.interrupt(replyId, heard);
    const end = (await live.next(
      (f) => f.type === 'reply.end' && f.message.id === replyId,
    )) as Of<'reply.end'>;
    expect(end.message.meta?.heard).toBe(heard);
    expect((await audio.speeches[speechesBefore]!.closed).early).toBe(true);
    // Nothing more of that reply is voiced.
    const spokenAfter = audio.speeches.length;
    chat.mode.chat = 'ok';
    audio.audio.delayMs = 5;
    await live.answer('Sorry to jump in: I would publish an event on every write.');
    expect(audio.speeches.slice(speechesBefore, spokenAfter).map((s) => s.body.input)).toEqual([
      STALLED_SENTENCES[0],
    ]);
    const stored = (await loadMessages(ctx.database.db, id)).find((m) => m.id === replyId)!;
    expect(stored.meta.heard).toBe(heard);
    live.close();
  });

  it.each(['timeout', 'http-500', 'garbage', 'empty', 'stall'] as const)(
    'a voice that fails (%s) falls back to the page for the rest of that reply, is logged, and the next reply is voiced again',
    async (mode) => {
      const { id, live } = await begin({ audio: true });
      audio.mode.speech = mode;
      chat.lines = () => LONG_REPLY;
      const speechesBefore = audio.speeches.length;
      live.sendAnswer(SPOKEN, { mode: 'voice' });
      const { id: replyId } = (await live.next('reply.start')) as Of<'reply.start'>;
      const end = (await live.next('reply.end')) as Of<'reply.end'>;
      const sentences = end.message.message.match(/[^.!?]+[.!?]+/g)!.map((s) => s.trim());
      // Fast failures may come before the stored reply: every frame of this reply is looked at.
      const until = Date.now() + 10_000;
      const voiceFrames = () =>
        live.frames.filter(
          (f) => (f.type === 'speech.failed' || f.type === 'speech.end') && f.replyId === replyId,
        );
      while (voiceFrames().length < sentences.length && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(voiceFrames()).toEqual(
        sentences.map((text, index) => ({ type: 'speech.failed', replyId, index, text })),
      );
      // After the first failure the audio host is not asked again for that reply.
      expect(audio.speeches.length - speechesBefore).toBe(1);
      expect(loggedFailure('speech synthesis failed', { interviewId: id, replyId })).toBe(true);
      audio.mode.speech = 'ok';
      const next = await live.answer('Then I would add a cache in front of it.');
      await live.next(
        (f) => f.type === 'speech.end' && f.replyId === next.reply.id && f.index === 0,
      );
      live.close();
    },
  );

  it('sends no audio to a page that did not ask for it', async () => {
    const { live } = await begin({ audio: false });
    await live.answer(SPOKEN);
    expect(live.frames.some((f) => f.type.startsWith('speech.'))).toBe(false);
    expect(live.audio).toEqual([]);
    live.close();
  });
});

describe('with the browser doing both (the default)', () => {
  const ctx = useTestApp('pglite', {}, { listen: true });

  it('says so in `state`, refuses utterances and sends no audio', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id } = await createAttempt(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start(undefined, { audio: true });
    const state = (await live.next('state')) as Of<'state'>;
    expect(state.speech).toEqual({ recognition: 'browser', voice: 'browser' });
    await live.next('reply.end');
    live.sendUtterance(utteranceAudio());
    expect(((await live.next('error')) as Of<'error'>).code).toBe('bad_frame');
    expect(live.audio).toEqual([]);
    live.close();
  });
});
