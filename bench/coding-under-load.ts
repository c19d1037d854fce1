/**
 * Live interviews while code runs (issue 16): first-token latency of candidates talking to the
 * interviewer, first alone, then while 50 other candidates submit code over and over on the same
 * server (the sandbox's worker threads share its 2 cores). Also the submissions' verdict time as
 * the candidates see it (HTTP round trip, queue included) and how many were refused as busy.
 * Run: npx tsx bench/coding-under-load.ts (BENCH_TALKERS, BENCH_CODERS, BENCH_PHASE_SECONDS,
 * BENCH_ANSWER_EVERY_MS; BENCH_SMOKE=1 for a short run). PGlite, and PostgreSQL when installed.
 */
import os from 'node:os';
import { ORIGIN } from '../apps/server/src/test/users';
import {
  LiveSocket,
  createAttempt,
  openTalkers,
  pct,
  pool,
  signUp,
  talkWhile,
} from './live-support';
import { appDatabases, spawnBenchProcess, table } from './support';
import { TWO_SUM_SOLVED } from '../apps/server/src/test/solutions';

const SMOKE = process.env.BENCH_SMOKE === '1';
const TALKERS = Number(process.env.BENCH_TALKERS ?? (SMOKE ? 5 : 100));
const CODERS = Number(process.env.BENCH_CODERS ?? (SMOKE ? 5 : 50));
const PHASE_S = Number(process.env.BENCH_PHASE_SECONDS ?? (SMOKE ? 4 : 30));
const EVERY_MS = Number(process.env.BENCH_ANSWER_EVERY_MS ?? 2_000);

interface Coder {
  cookie: string;
  attemptId: string;
  /** Half the coders write JavaScript, half Python (BENCH_CODE_LANGUAGE to choose one). */
  language: 'javascript' | 'python';
}

const LANGUAGE = process.env.BENCH_CODE_LANGUAGE as 'javascript' | 'python' | undefined;

/** One phase: talkers answer every EVERY_MS; coders (if any) submit back to back. */
async function phase(url: string, talkers: LiveSocket[], coders: Coder[]) {
  const verdictMs: number[] = [];
  let busy = 0;
  let failures = 0;
  const talk = await talkWhile(talkers, EVERY_MS, PHASE_S, (running) =>
    Promise.all(
      coders.map(async (c) => {
        while (running()) {
          const start = performance.now();
          const res = await fetch(`${url}/api/interview/${c.attemptId}/code-runs`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: c.cookie },
            body: JSON.stringify({
              questionIndex: 1,
              language: c.language,
              code: TWO_SUM_SOLVED[c.language],
              mode: 'submit',
            }),
          });
          const body = (await res.json()) as { verdict?: string; code?: string };
          if (res.status === 201 && body.verdict === 'passed')
            verdictMs.push(performance.now() - start);
          else if (res.status === 503) busy++;
          else if (res.status === 409 && body.code === 'CODE_RUN_LIMIT') break;
          else failures++;
        }
      }),
    ),
  );
  verdictMs.sort((a, b) => a - b);
  return { ...talk, verdictMs, busy, failures };
}

const rows: Record<string, string | number>[] = [];
let failed = false;
const databases = await appDatabases();
for (const { kind, env } of databases.kinds) {
  const app = await spawnBenchProcess<{ url: string; setId: string; codingSetId: string }>(
    'app.ts',
    {
      ...env,
      BENCH_PREPARE: 'live',
      BENCH_CODING: '1',
      // Submissions run back to back: the per-candidate rate limit of code runs is not measured.
      BENCH_CREDITS_LIMIT: '0',
    },
  );
  const { url, setId, codingSetId } = app.info;
  const talkers = await openTalkers(url, setId, TALKERS, 8);
  const coders = await pool(Array.from({ length: CODERS }), 8, async (_, i): Promise<Coder> => {
    const { cookie } = await signUp(url);
    const attemptId = await createAttempt(url, cookie, codingSetId);
    // Over the live channel to the first problem: the warm-up asked, answered, two-sum asked
    // (a problem is not run before it is asked).
    const socket = await LiveSocket.open(url, attemptId, cookie);
    await socket.start();
    await socket.nextReply();
    socket.answer(0);
    await socket.nextReply();
    socket.close();
    return { cookie, attemptId, language: LANGUAGE ?? (i % 2 ? 'python' : 'javascript') };
  });
  for (const [label, who] of [
    ['talking only', [] as Coder[]],
    [`while ${CODERS} submit`, coders],
  ] as const) {
    const r = await phase(url, talkers, who);
    if (r.unanswered || r.errors || r.failures) failed = true;
    rows.push({
      database: kind,
      phase: label,
      talkers: TALKERS,
      replies: r.latencies.length,
      'first token p50 ms': Math.round(pct(r.latencies, 50)),
      'p95 ms': Math.round(pct(r.latencies, 95)),
      'p99 ms': Math.round(pct(r.latencies, 99)),
      unanswered: r.unanswered,
      submissions: r.verdictMs.length,
      'verdict p50 ms': who.length ? Math.round(pct(r.verdictMs, 50)) : '-',
      'verdict p95 ms': who.length ? Math.round(pct(r.verdictMs, 95)) : '-',
      'busy (503)': r.busy,
      'failed runs': r.failures,
    });
  }
  for (const t of talkers) t.close();
  await app.stop();
}
await databases.stop();
console.log(
  `Live interviews while code runs — ${TALKERS} talkers answering every ${EVERY_MS} ms, ${PHASE_S} s per phase, two-sum (5 tests) submitted back to back in ${LANGUAGE ?? 'JavaScript and Python, half each'}; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
if (failed) {
  console.error('FAILED: unanswered answers, live errors or failed code runs');
  process.exit(1);
}
