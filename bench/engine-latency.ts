/**
 * Engine latency with the builtin provider, on the real app and an in-memory PGlite database:
 *  1. server time from a candidate answer arriving to the first streamed reply token
 *     (p50/p95 over 200 turns, topic-based (generated) and fixed (scripted) flows);
 *  2. builtin report generation time for a 60-minute transcript.
 * Run: npx tsx bench/engine-latency.ts
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { categories, interviewSets, questions, user } from '../apps/server/src/db/schema';
import { createBuiltinProvider } from '../apps/server/src/ai/builtin/provider';
import { evaluatorHere } from '../apps/server/src/ai/builtin/report-pool';
import { builtinReport } from '../apps/server/src/ai/builtin/report';
import { assembleReport } from '../apps/server/src/ai/assemble-report';
import type { QaPair, ReportInput } from '../apps/server/src/ai/report-input';
import { endAttempt, type AttemptDeps } from '../apps/server/src/modules/attempts';
import { createInterview } from '../apps/server/src/modules/attempts/service';
import { creditCharge } from '../apps/server/src/modules/credits';
import { UNHEARD, answerTurn, createTurns, startTurn } from '../apps/server/src/modules/turns';
import { generateReport } from '../apps/server/src/modules/reports/service';
import { benchConfig, openPglite } from './support';

/** Unlimited credits (the attempt's first answer is still charged, as in production). */
const CREDITS_OFF = { defaultLimit: 0, period: 'month' as const };

const TURNS = Number(process.env.BENCH_TURNS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const ANSWER =
  'First, I would put a cache in front of the database because most reads repeat. For example, in my last project we used Redis with a TTL of five minutes and invalidated keys on writes, which cut p95 latency from 300 to 40 milliseconds.';

async function main() {
  const config = benchConfig();
  const database = await openPglite();
  const app = await buildApp({ config, database, secret: crypto.randomBytes(32).toString('hex') });
  await app.ready();
  const db = database.db;
  const userId = crypto.randomUUID();
  await db.insert(user).values({ id: userId, name: 'Bench User', email: 'bench@example.com' });
  const deps: AttemptDeps = {
    ...createTurns({
      db,
      provider: createBuiltinProvider(),
      log: { info() {}, warn() {}, error() {} },
      now: () => new Date(),
      credits: creditCharge(CREDITS_OFF),
    }),
    onEnded: () => undefined,
  };

  async function measureTurns(interviewId: string): Promise<number[]> {
    await startTurn(deps, userId, interviewId, UNHEARD);
    const times: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      let first: number | null = null;
      const t0 = performance.now();
      await answerTurn(
        deps,
        userId,
        interviewId,
        { type: 'answer', id: crypto.randomUUID(), text: ANSWER, mode: 'voice' },
        {
          ...UNHEARD,
          emit: (frame) => {
            if (frame.type === 'reply.delta' && first === null) first = performance.now() - t0;
          },
        },
      );
      times.push(first ?? Number.NaN);
    }
    return times.sort((a, b) => a - b);
  }

  const START = { policy: CREDITS_OFF, now: new Date(), coachesMayListen: false };
  // Topic-based: the builtin interviewer generates every reply. Six topics give it more than 200
  // questions: one that runs out of questions says goodbye, and the goodbye completes the
  // attempt (issue 27), after which the engine replies by itself.
  const topic = await createInterview(db, START, userId, {
    title: 'Bench',
    topics: [
      'Caching',
      'System Design',
      'Databases',
      'Distributed Systems',
      'Message Queues',
      'Observability',
    ],
    duration: 120,
  });
  const topicTimes = await measureTurns(topic.id);

  // Fixed: the specification's script, 200 questions.
  const [category] = await db.insert(categories).values({ name: 'Bench' }).returning();
  const [set] = await db
    .insert(interviewSets)
    .values({ categoryId: category!.id, title: 'Bench fixed', type: 'fixed', duration: 120 })
    .returning();
  await db.insert(questions).values(
    Array.from({ length: TURNS + 1 }, (_, i) => ({
      interviewSetId: set!.id,
      questionText: `Question ${i + 1}: how would you cache this?`,
      expectedAnswer: 'Cache reads. Invalidate on writes. Use a TTL.',
      order: i + 1,
    })),
  );
  const fixed = await createInterview(db, START, userId, {
    interviewSetId: set!.id,
  });
  const fixedTimes = await measureTurns(fixed.id);

  // A 60-minute transcript: 30 answers of about 150 words, spoken at ~140 wpm.
  const longAnswer = Array.from({ length: 4 }, () => ANSWER).join(' ');
  const t = Date.now() - 3_600_000;
  const pairs: QaPair[] = Array.from({ length: 30 }, (_, i) => ({
    question: `Question ${i + 1}: explain caching and its trade-offs in a system you built.`,
    answer: longAnswer,
    expectedAnswer:
      'A cache stores copies of data. It trades freshness for speed. It needs invalidation.',
    questionIndex: i,
    confidence: 0.92,
    mode: 'voice',
    startedAt: t + i * 120_000,
    endedAt: t + i * 120_000 + 65_000,
    segments: Array.from({ length: 10 }, (_, s) => ({
      text: 'part',
      startMs: t + i * 120_000 + s * 6_500,
      endMs: t + i * 120_000 + s * 6_500 + 6_000,
    })),
  }));
  const input: ReportInput = {
    interview: {
      title: 'Bench',
      category: 'Backend',
      difficulty: 'mid',
      flow: 'fixed',
      topics: ['Caching', 'System Design'],
      durationMinutes: 60,
      actualMinutes: 60,
      endedEarly: false,
      plannedQuestions: 30,
    },
    pairs,
    transcript: pairs.flatMap((p) => [
      { speaker: 'AI' as const, message: p.question },
      { speaker: 'User' as const, message: p.answer },
    ]),
  };
  const reportTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    assembleReport({
      input,
      result: builtinReport(input),
      producedBy: 'builtin',
      fallbackReason: null,
    });
    reportTimes.push(performance.now() - t0);
  }
  reportTimes.sort((a, b) => a - b);

  // End to end through the database: the fixed attempt above (200 answered turns).
  await endAttempt(deps, userId, fixed.id, true);
  const t1 = performance.now();
  // The report on this thread, as the figures before decision 052 were taken.
  const status = await generateReport({ ...deps, evaluator: evaluatorHere }, fixed.id);
  const dbReport = performance.now() - t1;

  console.log(
    `answer → first reply token, builtin, ${TURNS} turns each (server time, PGlite in memory)`,
  );
  console.log(
    `  topic-based (generated): p50 ${fmt(percentile(topicTimes, 50))}  p95 ${fmt(percentile(topicTimes, 95))}`,
  );
  console.log(
    `  fixed (scripted):        p50 ${fmt(percentile(fixedTimes, 50))}  p95 ${fmt(percentile(fixedTimes, 95))}`,
  );
  console.log(
    `builtin report for a 60-minute transcript (30 answers, ~${longAnswer.split(' ').length} words each), 20 runs`,
  );
  console.log(`  p50 ${fmt(percentile(reportTimes, 50))}  p95 ${fmt(percentile(reportTimes, 95))}`);
  console.log(
    `report through the database for the ${TURNS}-turn fixed attempt: ${fmt(dbReport)} (${status})`,
  );

  await app.close();
  await database.close();
}

await main();
