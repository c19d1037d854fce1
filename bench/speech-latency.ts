/**
 * Server speech latency (issue 14), with the loopback stand-ins of an OpenAI-style model host and
 * audio host, on the real app and an in-memory PGlite database: from the end of the candidate's
 * utterance (the detector's speech end) to the first interviewer audio byte reaching the page,
 * p50/p95 over BENCH_SPEECH_TURNS turns (100), broken into
 *   detector     the utterance's samples made into the WAV the page sends (in the page)
 *   upload       the binary frame to the server and on to the transcription host
 *   transcription  the host's request to the final `transcript` frame at the page
 *   first token  the page's `answer` to the first `reply.delta`
 *   first sentence  the first `reply.delta` to the first complete sentence (`speech.start`)
 *   first audio  `speech.start` to the first binary audio frame
 * and the same with browser voices (TTS_PROVIDER=browser: the page's speechSynthesis starts on
 * the first complete sentence, so the chain ends there). The stand-ins answer at once: these are
 * Candor's own costs.
 * Then the whole turn as a candidate feels it (turn-support.ts, decision 037): last word → first
 * interviewer audio with the detector's padding, the transcription and the end-of-turn wait
 * really waited, over BENCH_WHOLE_TURNS finished answers of the end-of-turn corpus (60), with
 * the stand-ins as they are and with a hosted model's delay; and the first reply token of the
 * builtin interviewer and of a hosted model, which bounds what a reply started speculatively
 * during the wait could save.
 * Run: npx tsx bench/speech-latency.ts
 */
import crypto from 'node:crypto';
import {
  VOICE,
  endsSentence,
  pcm16FromFloat32,
  wavFromPcm16,
  type ServerFrame,
} from '@candor/shared';
import { buildApp } from '../apps/server/src/app';
import { startFakeOpenAiServer } from '../apps/server/src/test/fake-openai-server';
import { startFakeSpeechServer } from '../apps/server/src/test/fake-speech-server';
import { createAttempt } from '../apps/server/src/test/interviews';
import { LiveClient } from '../apps/server/src/test/live-client';
import { signUpCandidate } from '../apps/server/src/test/users';
import { pct } from './live-support';
import { benchConfig, openPglite, table } from './support';
import { REALISTIC_CHAT, turnFigures } from './turn-support';

const TURNS = Number(process.env.BENCH_SPEECH_TURNS ?? 100);
/** A spoken answer of about 6 seconds at the detector's 16 kHz. */
const UTTERANCE = new Float32Array(16_000 * 6).map((_, i) => 0.2 * Math.sin(i / 9));
const ANSWER =
  "Okay, so I would put a read-through cache in front of the database, and I'd invalidate keys on every write so prices are never stale for long.";
const REPLY =
  'Thanks, that is clear. How would you keep the cache consistent when three services write to the same tables?';

type Stage =
  'detector' | 'upload' | 'transcription' | 'firstToken' | 'firstSentence' | 'firstAudio';

async function run(voice: 'server' | 'browser') {
  const chat = await startFakeOpenAiServer();
  chat.lines = () => REPLY;
  const audio = await startFakeSpeechServer();
  audio.transcript = () => ANSWER;
  const database = await openPglite();
  const app = await buildApp({
    config: benchConfig({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: chat.url,
      AI_MODEL: 'stand-in',
      STT_PROVIDER: 'openai',
      STT_BASE_URL: audio.url,
      TTS_PROVIDER: voice === 'server' ? 'openai' : 'browser',
      TTS_BASE_URL: audio.url,
    }),
    database,
    secret: crypto.randomBytes(32).toString('hex'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const samples: Record<Stage | 'total', number[]> = {
    detector: [],
    upload: [],
    transcription: [],
    firstToken: [],
    firstSentence: [],
    firstAudio: [],
    total: [],
  };
  // A few candidates in turn; each attempt takes a few dozen turns before its message cap.
  let live: LiveClient | null = null;
  let turnsHere = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    if (!live || turnsHere >= 20) {
      live?.close();
      const { cookie } = await signUpCandidate(app);
      const { id } = await createAttempt(app, cookie, { topics: ['Caching'], duration: 60 });
      live = await LiveClient.connect(app, id, cookie);
      live.start(undefined, { audio: true });
      await live.next('state');
      const intro = await live.next('reply.end');
      if (voice === 'server') {
        const last = (intro.message.message.match(/[^.!?]+[.!?]+/g)?.length ?? 1) - 1;
        await live.next(
          (f) => f.type === 'speech.end' && f.replyId === intro.message.id && f.index === last,
        );
      }
      turnsHere = 0;
    }
    turnsHere += 1;
    const c = live;
    const at: Partial<Record<string, number>> = {};
    const seen = new Promise<void>((resolve) => {
      let text = '';
      c.onFrame((f: ServerFrame) => {
        if (f.type === 'reply.delta' && at.firstDelta === undefined)
          at.firstDelta = performance.now();
        if (f.type === 'reply.delta' && at.sentence === undefined) {
          text += f.text;
          if (endsSentence(text)) at.sentence = performance.now();
        }
        if (f.type === 'speech.start' && at.speechStart === undefined)
          at.speechStart = performance.now();
        if (voice === 'browser' && at.sentence !== undefined) resolve();
      });
      c.onAudio(() => {
        if (voice !== 'server' || at.speechStart === undefined || at.audio !== undefined) return;
        at.audio = performance.now();
        resolve();
      });
    });
    const requestsBefore = audio.transcriptions.length;
    at.end = performance.now();
    const wav = wavFromPcm16(pcm16FromFloat32(UTTERANCE), 16_000);
    at.encoded = performance.now();
    const utteranceId = c.sendUtterance(wav);
    const final = (await c.next(
      (f) => f.type === 'transcript' && f.id === utteranceId && f.final,
    )) as Extract<ServerFrame, { type: 'transcript' }>;
    at.transcript = performance.now();
    at.answer = performance.now();
    c.sendAnswer(final.text, { mode: 'voice' });
    await seen;
    await c.next('reply.end');
    if (voice === 'server') {
      // The rest of the reply's voice, before the next turn.
      const replyId = (
        c.frames.findLast((f) => f.type === 'reply.end') as Extract<
          ServerFrame,
          { type: 'reply.end' }
        >
      ).message.id;
      await c.next((f) => f.type === 'speech.end' && f.replyId === replyId && f.index === 1);
    }
    const received = audio.transcriptions[requestsBefore]!.at;
    samples.detector.push(at.encoded! - at.end!);
    samples.upload.push(received - at.encoded!);
    samples.transcription.push(at.transcript! - received);
    samples.firstToken.push(at.firstDelta! - at.answer!);
    if (voice === 'server') {
      samples.firstSentence.push(at.speechStart! - at.firstDelta!);
      samples.firstAudio.push(at.audio! - at.speechStart!);
      samples.total.push(at.audio! - at.end!);
    } else {
      samples.firstSentence.push(at.sentence! - at.firstDelta!);
      samples.total.push(at.sentence! - at.end!);
    }
  }
  live?.close();
  await app.close();
  await database.close();
  await chat.close();
  await audio.close();

  return Object.entries(samples)
    .filter(([, values]) => values.length > 0)
    .map(([stage, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        voice,
        stage,
        p50: `${pct(sorted, 50).toFixed(2)} ms`,
        p95: `${pct(sorted, 95).toFixed(2)} ms`,
      };
    });
}

const rows = [...(await run('server')), ...(await run('browser'))];
table(rows);

const WHOLE = Number(process.env.BENCH_WHOLE_TURNS ?? Math.min(TURNS, 60));
console.log(
  `The whole turn, last word → first interviewer audio (browser voice: its first sentence), ${WHOLE} finished answers from the corpus, normal patience:`,
);
const figures = await turnFigures(WHOLE);
table(figures.whole);
console.log(
  `The reply's first token after the answer (a model host delayed ${REALISTIC_CHAT.firstTokenMs} ms, then ${REALISTIC_CHAT.perTokenMs} ms a word): what starting it during the end-of-turn wait could save at most.`,
);
table(figures.first);
console.log(
  `In a page the end-of-turn wait (decision 037, checked every ${VOICE.silenceCheckEveryMs} ms) runs between the transcript and the answer, and the detector reports the speech end after its redemption time (${VOICE.vadRedemptionMs} ms), which counts toward that wait.`,
);
