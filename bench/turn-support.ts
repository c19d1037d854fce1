/**
 * The whole turn as a candidate feels it (issue 27, decision 037), for speech-latency.ts: from
 * their last word to the interviewer's first audio, the end-of-turn wait really waited as the
 * page waits it, on finished answers from the end-of-turn corpus (their `heard` texts are the
 * transcripts); and the first reply token of each provider, which says whether starting the reply
 * during that wait (speculatively) would pay.
 */
import crypto from 'node:crypto';
import {
  DEFAULT_PATIENCE,
  VOICE,
  endOfTurnWaitMs,
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
import { HELD_OUT_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out';
import { HELD_OUT_2_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-2';
import { HELD_OUT_3_CASES } from '../packages/shared/src/end-of-turn/corpus/held-out-3';
import { TUNED_CASES } from '../packages/shared/src/end-of-turn/corpus/tuned';
import { pct } from './live-support';
import { benchConfig, openPglite } from './support';

/** A hosted model as measured from Europe on a small model (time to first token, per word). */
export const REALISTIC_CHAT = { firstTokenMs: 450, perTokenMs: 15 };

const REPLY =
  'Thanks, that is clear. How would you keep the cache consistent when three services write to the same tables?';
/** Two seconds of a spoken answer at the detector's 16 kHz (the stand-in does not listen). */
const UTTERANCE = wavFromPcm16(
  pcm16FromFloat32(new Float32Array(16_000 * 2).map((_, i) => 0.2 * Math.sin(i / 9))),
  16_000,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The corpus's finished answers, every part, in one fixed order that mixes the parts. */
export function finishedAnswers(): string[] {
  const all = [...TUNED_CASES, ...HELD_OUT_CASES, ...HELD_OUT_2_CASES, ...HELD_OUT_3_CASES]
    .filter((c) => c.kind === 'finished')
    .map((c) => c.heard);
  // A seeded shuffle: the same order on every run, so a smoke run's few turns are typical.
  let seed = 27;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/** The figures of one run: p50 and p95 of each series, in ms. */
function summary(series: Record<string, number[]>, label: Record<string, string>) {
  return Object.entries(series).map(([stage, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      ...label,
      stage,
      p50: `${pct(sorted, 50).toFixed(0)} ms`,
      p95: `${pct(sorted, 95).toFixed(0)} ms`,
    };
  });
}

/** An app with the stand-ins, and a fresh candidate's topic attempt past its introduction. */
async function stage(env: Record<string, string>) {
  const database = await openPglite();
  const app = await buildApp({
    config: benchConfig(env),
    database,
    secret: crypto.randomBytes(32).toString('hex'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const attempt = async (audio: boolean) => {
    const { cookie } = await signUpCandidate(app);
    const { id } = await createAttempt(app, cookie, { topics: ['Caching'], duration: 60 });
    const live = await LiveClient.connect(app, id, cookie);
    live.start(undefined, { audio });
    await live.next('state');
    const intro = await live.next('reply.end');
    // The introduction's voice, to its end, before the first turn.
    if (audio) {
      const last = (intro.message.message.match(/[^.!?]+[.!?]+/g)?.length ?? 1) - 1;
      await live.next(
        (f) => f.type === 'speech.end' && f.replyId === intro.message.id && f.index === last,
      );
    }
    return live;
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { attempt, close };
}

/** When the interviewer is first heard: its first audio, or (browser voice) its first sentence. */
function firstHeard(live: LiveClient, voice: 'server' | 'browser'): Promise<number> {
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const at = () => {
      if (!done) resolve(performance.now());
      done = true;
    };
    live.onFrame((f: ServerFrame) => {
      if (voice !== 'browser' || f.type !== 'reply.delta') return;
      text += f.text;
      if (endsSentence(text)) at();
    });
    live.onAudio(() => {
      if (voice === 'server') at();
    });
  });
}

/** Waits until the reply (and its voice) is over, so the next turn starts from silence. */
async function replyOver(live: LiveClient, voice: 'server' | 'browser') {
  const end = await live.next('reply.end');
  if (voice !== 'server') return;
  const last = (end.message.message.match(/[^.!?]+[.!?]+/g)?.length ?? 1) - 1;
  await live.next(
    (f) => f.type === 'speech.end' && f.replyId === end.message.id && f.index === last,
  );
}

/** The model and voice stand-ins, and one app on them (server recognition and voice). */
async function standIns() {
  const chat = await startFakeOpenAiServer();
  chat.lines = () => REPLY;
  const audio = await startFakeSpeechServer();
  const answers = finishedAnswers();
  audio.transcript = (n) => answers[n % answers.length]!;
  const app = await stage({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: chat.url,
    AI_MODEL: 'stand-in',
    STT_PROVIDER: 'openai',
    STT_BASE_URL: audio.url,
    // A page that does not ask for the server's voice (`start` without `audio`) speaks itself.
    TTS_PROVIDER: 'openai',
    TTS_BASE_URL: audio.url,
  });
  const close = async () => {
    await app.close();
    await chat.close();
    await audio.close();
  };
  return { chat, app, close };
}
type StandIns = Awaited<ReturnType<typeof standIns>>;

/**
 * Last word → first interviewer audio, per turn, with server recognition: the detector's
 * end-of-speech padding (VOICE.vadRedemptionMs) and the transcription really pass, then the
 * page's end-of-turn wait (endOfTurnWaitMs of the transcript, normal patience), counted from the
 * last word and checked on the page's tick (at a random phase), then the answer, the reply and its
 * first sentence (browser voice) or first audio (server voice).
 */
async function wholeTurn(on: StandIns, voice: 'server' | 'browser', turns: number) {
  const series = { 'end-of-turn wait': [] as number[], 'whole turn': [] as number[] };
  let live: LiveClient | null = null;
  for (let turn = 0; turn < turns; turn++) {
    if (!live || turn % 20 === 0) {
      live?.close();
      live = await on.app.attempt(voice === 'server');
    }
    const c = live;
    const heard = firstHeard(c, voice);
    const lastWord = performance.now();
    await sleep(VOICE.vadRedemptionMs);
    const id = c.sendUtterance(UTTERANCE);
    const final = (await c.next(
      (f) => f.type === 'transcript' && f.id === id && f.final,
    )) as Extract<ServerFrame, { type: 'transcript' }>;
    // The page's clock: a tick every silenceCheckEveryMs, at a phase of its own; the answer goes
    // at the first tick past the wait, once the words are there.
    const wait = endOfTurnWaitMs(final.text, DEFAULT_PATIENCE);
    const tick = VOICE.silenceCheckEveryMs;
    let answerAt = lastWord + Math.random() * tick;
    while (answerAt - lastWord <= wait || answerAt < performance.now()) answerAt += tick;
    await sleep(answerAt - performance.now());
    const sentAt = performance.now();
    c.sendAnswer(final.text, { mode: 'voice' });
    const firstAt = await heard;
    await replyOver(c, voice);
    series['end-of-turn wait'].push(sentAt - lastWord);
    series['whole turn'].push(firstAt - lastWord);
  }
  live?.close();
  return series;
}

/** The answer → the reply's first token and first sentence (no voice: typed into the socket). */
async function firstTokens(attempt: () => Promise<LiveClient>, turns: number) {
  const answers = finishedAnswers();
  const series = { 'first token': [] as number[], 'first sentence': [] as number[] };
  let live: LiveClient | null = null;
  for (let turn = 0; turn < turns; turn++) {
    if (!live || turn % 20 === 0) {
      live?.close();
      live = await attempt();
    }
    const at: { token?: number; sentence?: number } = {};
    let text = '';
    live.onFrame((f) => {
      if (f.type !== 'reply.delta' || at.sentence !== undefined) return;
      at.token ??= performance.now();
      text += f.text;
      if (endsSentence(text)) at.sentence = performance.now();
    });
    const sentAt = performance.now();
    await live.answer(answers[turn % answers.length]!, { mode: 'voice' });
    series['first token'].push(at.token! - sentAt);
    series['first sentence'].push((at.sentence ?? performance.now()) - sentAt);
  }
  live?.close();
  return series;
}

/**
 * Both tables: the whole turn (server voice, browser voice, and browser voice with a hosted
 * model's delay), and the first reply token of the builtin interviewer and of a hosted model,
 * which bounds what a reply started during the end-of-turn wait could save.
 */
export async function turnFigures(turns: number) {
  const on = await standIns();
  const whole = [
    ...summary(await wholeTurn(on, 'server', turns), { voice: 'server', model: 'stand-in' }),
    ...summary(await wholeTurn(on, 'browser', turns), { voice: 'browser', model: 'stand-in' }),
  ];
  Object.assign(on.chat.delay, REALISTIC_CHAT);
  whole.push(
    ...summary(await wholeTurn(on, 'browser', turns), {
      voice: 'browser',
      model: 'stand-in, hosted delay',
    }),
  );
  const hosted = await firstTokens(() => on.app.attempt(false), turns);
  await on.close();
  const builtin = await stage({ AI_PROVIDER: 'builtin' });
  const own = await firstTokens(() => builtin.attempt(false), turns);
  await builtin.close();
  const first = [
    ...summary(own, { model: 'builtin' }),
    ...summary(hosted, { model: 'OpenAI stand-in, hosted delay' }),
  ];
  return { whole, first };
}
