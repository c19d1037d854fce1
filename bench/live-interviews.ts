/**
 * N simulated candidates in live interviews at once, each answering every 2 s over the WebSocket
 * for the run's length, with the builtin AI provider: replies per second, answer-to-first-token
 * p50/p95/p99, errors, and afterwards every sent answer looked up in the stored conversation.
 * Defaults: 200 candidates on PGlite, 1,000 on PostgreSQL, 60 s.
 * Run: npx tsx bench/live-interviews.ts   (BENCH_PGLITE_CANDIDATES, BENCH_PG_CANDIDATES,
 *      BENCH_LIVE_SECONDS, BENCH_ANSWER_EVERY_MS, BENCH_DRAIN_SECONDS to tune; BENCH_SMOKE=1 for
 *      the CI smoke run)
 * BENCH_COMPARE=credits runs each database twice, with credits off (CREDITS_DEFAULT_LIMIT=0) and
 * on (a limit never reached, so each attempt's first answer counts the period's credits under the
 * candidate's lock before it is charged); BENCH_COMPARE=metrics with /metrics off and on (every
 * turn and model call measured); each reports the ratios on/off (issue 17).
 */
import fs from 'node:fs';
import os from 'node:os';
import { createAttempt, LiveSocket, pct, pool, signUp, waitUntil } from './live-support';
import { postgresIfInstalled, spawnBenchProcess, table } from './support';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? (SMOKE ? 6 : 60));
const EVERY_MS = Number(process.env.BENCH_ANSWER_EVERY_MS ?? 2_000);
/** How long the answers still queued when sending stops may take to be answered. */
const DRAIN_S = Number(process.env.BENCH_DRAIN_SECONDS ?? (SMOKE ? 60 : 180));
const COUNTS = {
  pglite: Number(process.env.BENCH_PGLITE_CANDIDATES ?? (SMOKE ? 10 : 200)),
  postgres: Number(process.env.BENCH_PG_CANDIDATES ?? (SMOKE ? 20 : 1_000)),
};

/**
 * CPU time the server process has used (user + system, ms; Linux /proc, else NaN). Per reply it
 * is what a turn costs the server, which, unlike latency, hardly moves with what else the machine
 * runs (a shared 2-core machine). PostgreSQL's own processes are not counted.
 */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

interface Candidate {
  cookie: string;
  attemptId: string;
  socket: LiveSocket;
  sent: string[];
}

const COMPARE = process.env.BENCH_COMPARE as 'credits' | 'metrics' | undefined;
if (COMPARE && COMPARE !== 'credits' && COMPARE !== 'metrics') {
  throw new Error('BENCH_COMPARE must be credits or metrics');
}
/** The server's environment per run (bench/support.ts reads it): the defaults unless comparing. */
const VARIANTS: { label: string; env: Record<string, string> }[] =
  COMPARE === 'credits'
    ? [
        { label: 'off', env: { BENCH_CREDITS_LIMIT: '0' } },
        { label: 'on', env: { BENCH_CREDITS_LIMIT: '1000000' } },
      ]
    : COMPARE === 'metrics'
      ? [
          { label: 'off', env: {} },
          { label: 'on', env: { BENCH_METRICS_TOKEN: 'bench-metrics-token-0123456789' } },
        ]
      : [{ label: 'default', env: {} }];

const rows: Record<string, string | number>[] = [];
let failed = false;
const pg = await postgresIfInstalled();
const kinds = [
  { kind: 'pglite' as const, env: {} as Record<string, string> },
  ...(pg ? [{ kind: 'postgres' as const, env: { BENCH_DATABASE_URL: pg.url } }] : []),
];
for (const { kind, env, variant } of kinds.flatMap((k) =>
  VARIANTS.map((variant) => ({ ...k, variant })),
)) {
  const n = COUNTS[kind];
  const app = await spawnBenchProcess<{ url: string; setId: string }>('app.ts', {
    ...env,
    BENCH_PREPARE: 'live',
    ...variant.env,
  });
  const { url, setId } = app.info;
  const setupStart = performance.now();
  const candidates: Candidate[] = await pool(
    Array.from({ length: n }, (_, i) => i),
    8,
    async () => {
      const { cookie } = await signUp(url);
      const attemptId = await createAttempt(url, cookie, setId);
      const socket = await LiveSocket.open(url, attemptId, cookie);
      await socket.start();
      await socket.nextReply(); // the introduction
      return { cookie, attemptId, socket, sent: [] };
    },
  );
  const setupS = (performance.now() - setupStart) / 1000;

  // Every candidate answers every EVERY_MS, starting at a random point of the first interval.
  const cpuBefore = processCpuMs(app.pid);
  const runStart = performance.now();
  const timers = candidates.map((c) => {
    let count = 0;
    const tick = () => c.sent.push(c.socket.answer(count++));
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, EVERY_MS);
      stops.push(() => clearInterval(every));
    }, Math.random() * EVERY_MS);
    return () => clearTimeout(first);
  });
  const stops: (() => void)[] = [];
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  for (const stop of [...timers, ...stops]) stop();
  const sendingS = (performance.now() - runStart) / 1000;
  // Let the last replies arrive: past saturation the answers queue, and every one must still be
  // answered and stored (what is left after DRAIN_S is reported as unanswered).
  await waitUntil(() => candidates.every((c) => c.socket.outstanding === 0), DRAIN_S * 1000);
  const drainS = (performance.now() - runStart) / 1000 - sendingS;
  const serverCpuMs = processCpuMs(app.pid) - cpuBefore;

  const latencies = candidates.flatMap((c) => c.socket.firstTokenMs).sort((a, b) => a - b);
  const sent = candidates.reduce((s, c) => s + c.sent.length, 0);
  const replies = candidates.reduce((s, c) => s + c.socket.firstTokenMs.length, 0);
  const errors = candidates.flatMap((c) => c.socket.errors);
  const unanswered = candidates.reduce((s, c) => s + c.socket.outstanding, 0);
  for (const c of candidates) c.socket.close();

  // Every answer sent must be in the stored conversation, once, in the order sent.
  let missing = 0;
  let misordered = 0;
  await pool(candidates, 8, async (c) => {
    const socket = await LiveSocket.open(url, c.attemptId, c.cookie);
    const state = await socket.start();
    socket.close();
    const stored = state.messages.filter((m) => m.speaker !== 'AI').map((m) => m.id);
    const storedSet = new Set(stored);
    missing += c.sent.filter((id) => !storedSet.has(id)).length;
    if (stored.join() !== c.sent.filter((id) => storedSet.has(id)).join()) misordered++;
  });
  await app.stop();

  if (errors.length || missing || misordered || unanswered) failed = true;
  rows.push({
    database: kind,
    ...(COMPARE ? { [COMPARE]: variant.label } : {}),
    candidates: n,
    'answers sent': sent,
    'replies/s': Math.round(replies / (sendingS + drainS)),
    'first token p50 ms': Math.round(pct(latencies, 50)),
    'p95 ms': Math.round(pct(latencies, 95)),
    'p99 ms': Math.round(pct(latencies, 99)),
    errors: errors.length,
    unanswered,
    'missing in DB': missing,
    'out of order': misordered,
    'setup s': Number(setupS.toFixed(1)),
    'drain s': Number(drainS.toFixed(1)),
    'server CPU ms/reply': Number((serverCpuMs / Math.max(1, replies)).toFixed(2)),
  });
  if (errors.length) console.error(`${kind}: first errors`, errors.slice(0, 5));
}
await pg?.stop();
console.log(
  `Live interviews — an answer every ${EVERY_MS} ms per candidate for ${SECONDS} s, builtin AI; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
if (COMPARE) {
  for (const { kind } of kinds) {
    const off = rows.find((r) => r.database === kind && r[COMPARE] === 'off')!;
    const on = rows.find((r) => r.database === kind && r[COMPARE] === 'on')!;
    const ratio = (key: string) => (Number(on[key]) / Number(off[key])).toFixed(3);
    console.log(
      `${kind}: ${COMPARE} on/off — server CPU per reply ${ratio('server CPU ms/reply')}, replies/s ${ratio('replies/s')}, first token p50 ${ratio('first token p50 ms')}, p95 ${ratio('p95 ms')}, p99 ${ratio('p99 ms')}`,
    );
  }
}
if (failed) {
  console.error('FAILED: errors, unanswered, missing or misordered answers');
  process.exit(1);
}
