/**
 * The interviewer's first reply token while the candidate draws (issue 29): the builtin interviewer
 * on a fixed set of system-design questions, answered over the live socket every 150 ms, with the
 * board still and with a 300-element board saved every 50 ms (thirty times the page's 1.5 s
 * debounce). Prints first-token p50/p95 of both, their ratio, and the saves' own latency.
 * Run: npx tsx bench/whiteboard.ts   (BENCH_TURNS, default 60 per series)
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemDesignSpecSchema, type WhiteboardScene } from '@candor/shared';
import { buildApp } from '../apps/server/src/app';
import { systemDesignWhiteboard } from '../apps/server/src/db/seed-data/system-design-whiteboard';
import { createAttempt, insertSet } from '../apps/server/src/test/interviews';
import { LiveClient } from '../apps/server/src/test/live-client';
import { ORIGIN, signUpCandidate } from '../apps/server/src/test/users';
import { benchConfig, openPglite } from './support';

const TURNS = Number(process.env.BENCH_TURNS ?? 60);
const SAVE_EVERY_MS = 50;
const ANSWER_EVERY_MS = 150;
const BOARD_ELEMENTS = 300;

const SPEC = systemDesignSpecSchema.parse(systemDesignWhiteboard.questions![0]!.systemDesign);
const ANSWERS = [
  'I would start with the requirements: shorten a long link, redirect fast, and links that never change once made.',
  'Reads are far more than writes, say a hundred to one, so about 4,000 redirects a second at peak.',
  'The client goes to a load balancer, then the app servers, which read through a Redis cache in front of PostgreSQL.',
  'If the cache is down the app reads the database directly, slower, and we rate limit to protect it.',
  'A key generator hands out unique short codes in blocks, so two app servers never collide.',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** A board of `n` labelled boxes with an arrow from each to the next. */
function board(n: number): WhiteboardScene {
  const elements: WhiteboardScene['elements'] = [];
  for (let i = 0; i < n; i += 3) {
    elements.push({ id: `b${i}`, type: 'rectangle', x: i * 40, y: 0, width: 100, height: 60 });
    elements.push({ id: `t${i}`, type: 'text', text: `Service ${i}`, containerId: `b${i}` });
    elements.push({
      id: `a${i}`,
      type: 'arrow',
      startBinding: { elementId: `b${i}` },
      endBinding: { elementId: `b${i + 3}` },
    });
  }
  return { elements: elements.slice(0, n) };
}

async function main() {
  const database = await openPglite();
  const app = await buildApp({
    config: benchConfig({ AI_PROVIDER: 'builtin' }),
    database,
    secret: crypto.randomBytes(32).toString('hex'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const setId = await insertSet(database.db, {
    type: 'fixed',
    duration: 600,
    questions: Array.from({ length: 8 }, (_, i) => ({
      questionText: `Design a URL shortener (${i + 1}).`,
      kind: 'system-design' as const,
      systemDesign: SPEC,
      timeLimit: 3600,
    })),
  });

  async function series(drawing: boolean) {
    const firstTokens: number[] = [];
    const saves: number[] = [];
    let refused = 0;
    let turn = 0;
    while (turn < TURNS) {
      const { cookie } = await signUpCandidate(app);
      const { id } = await createAttempt(app, cookie, { interviewSetId: setId });
      const live = await LiveClient.connect(app, id, cookie);
      live.start();
      await live.next('state');
      await live.next('reply.end');
      // The candidate draws the whole time: a full board saved every 50 ms, each after the last.
      let version = 0;
      const scene = board(BOARD_ELEMENTS);
      let stop = false;
      const drawingLoop = (async () => {
        while (drawing && !stop) {
          const started = performance.now();
          const res = await fetch(`${base}/api/interview/${id}/whiteboard`, {
            method: 'PUT',
            headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ questionIndex: 0, baseVersion: version, scene }),
          });
          saves.push(performance.now() - started);
          if (res.ok) version = ((await res.json()) as { version: number }).version;
          else refused++;
          await new Promise((r) => setTimeout(r, SAVE_EVERY_MS));
        }
      })();
      for (let i = 0; i < 12 && turn < TURNS; i++, turn++) {
        let first: number | undefined;
        live.onFrame((f) => {
          if (f.type === 'reply.delta') first ??= performance.now();
        });
        await new Promise((r) => setTimeout(r, ANSWER_EVERY_MS));
        const seen = live.frames.length;
        const sentAt = performance.now();
        await live.answer(ANSWERS[i % ANSWERS.length]!, { mode: 'voice' });
        firstTokens.push((first ?? performance.now()) - sentAt);
        if (live.frames.slice(seen).some((f) => f.type === 'completed')) break;
      }
      stop = true;
      await drawingLoop;
      live.close();
    }
    return { firstTokens: stats(firstTokens), saves: saves.length ? stats(saves) : null, refused };
  }

  const still = await series(false);
  const busy = await series(true);
  await app.close();
  await database.close();
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`Whiteboard: first reply token, builtin interviewer, ${TURNS} answers each`);
  console.table([
    {
      board: 'still',
      'first token p50': fmt(still.firstTokens.p50),
      p95: fmt(still.firstTokens.p95),
    },
    {
      board: `${BOARD_ELEMENTS} elements saved every ${SAVE_EVERY_MS} ms`,
      'first token p50': fmt(busy.firstTokens.p50),
      p95: fmt(busy.firstTokens.p95),
    },
  ]);
  console.log(
    `ratio busy/still: p50 ${(busy.firstTokens.p50 / still.firstTokens.p50).toFixed(2)}, p95 ${(busy.firstTokens.p95 / still.firstTokens.p95).toFixed(2)}`,
  );
  if (busy.saves)
    console.log(
      `saves: p50 ${fmt(busy.saves.p50)}, p95 ${fmt(busy.saves.p95)}, refused ${busy.refused}`,
    );
}

await main();
