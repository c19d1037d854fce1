/**
 * Two server processes on one PostgreSQL serving the same interviews alternately: each candidate
 * holds a socket to both and sends answer 1 through the first, answer 2 through the second, and so
 * on, while every other candidate does the same. Afterwards the stored conversations must hold every
 * answer exactly once, in the order sent, with gap-free positions and a reply after each.
 * Run: npx tsx bench/two-servers.ts   (BENCH_TWO_CANDIDATES, BENCH_TWO_ANSWERS; BENCH_SMOKE=1 for CI)
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { createAttempt, LiveSocket, pct, pool, signUp } from './live-support';
import { postgresIfInstalled, spawnBenchProcess, table } from './support';

const SMOKE = process.env.BENCH_SMOKE === '1';
const CANDIDATES = Number(process.env.BENCH_TWO_CANDIDATES ?? (SMOKE ? 10 : 200));
const ANSWERS = Number(process.env.BENCH_TWO_ANSWERS ?? (SMOKE ? 6 : 20));

const pg = await postgresIfInstalled();
if (!pg) {
  console.log('two-servers: PostgreSQL is not installed here; skipped (PGlite is one process).');
  process.exit(0);
}
// One deployment: both processes sign sessions with the same secret.
const shared = { BENCH_DATABASE_URL: pg.url, BENCH_SECRET: crypto.randomBytes(32).toString('hex') };
const first = await spawnBenchProcess<{ url: string; setId: string }>('app.ts', {
  ...shared,
  BENCH_PREPARE: 'live',
});
const second = await spawnBenchProcess<{ url: string }>('app.ts', {
  ...shared,
  BENCH_MIGRATE: '0',
});
const urls = [first.info.url, second.info.url];
const { setId } = first.info;

const start = performance.now();
const results = await pool(
  Array.from({ length: CANDIDATES }, (_, i) => i),
  CANDIDATES, // all at once: the two processes really interleave
  async (i) => {
    const { cookie } = await signUp(urls[i % 2]!);
    const attemptId = await createAttempt(urls[i % 2]!, cookie, setId);
    const sockets = [
      await LiveSocket.open(urls[0]!, attemptId, cookie),
      await LiveSocket.open(urls[1]!, attemptId, cookie),
    ];
    await sockets[0]!.start();
    await sockets[0]!.nextReply();
    const sent: string[] = [];
    for (let n = 0; n < ANSWERS; n++) {
      const socket = sockets[n % 2]!;
      const done = socket.nextReply();
      sent.push(socket.answer(n));
      await done;
      if (process.env.BENCH_DEBUG) console.error('candidate', i, 'answer', n, 'done');
    }
    for (const s of sockets) s.close();
    // The stored conversation, read through the process that did not take the last answer.
    const reader = await LiveSocket.open(urls[ANSWERS % 2]!, attemptId, cookie);
    const state = await reader.start();
    reader.close();
    const messages = state.messages;
    const answers = messages.filter((m) => m.speaker !== 'AI').map((m) => m.id);
    const seqs = messages.map((m) => m.seq);
    return {
      sent: sent.length,
      lost: sent.filter((id) => !answers.includes(id)).length,
      duplicated: answers.length - new Set(answers).size,
      outOfOrder: answers.join() !== sent.join(),
      gaps: seqs.some((s, k) => s !== k + 1),
      // intro + one reply per answer
      missingReplies: messages.length !== 1 + 2 * sent.length,
      latencies: sockets.flatMap((s) => s.firstTokenMs),
      errors: sockets.flatMap((s) => s.errors),
    };
  },
);
const seconds = (performance.now() - start) / 1000;
await first.stop();
await second.stop();
await pg.stop();

const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + f(r), 0);
const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
const row = {
  candidates: CANDIDATES,
  'answers (alternating)': sum((r) => r.sent),
  lost: sum((r) => r.lost),
  duplicated: sum((r) => r.duplicated),
  'out of order': sum((r) => (r.outOfOrder ? 1 : 0)),
  'seq gaps': sum((r) => (r.gaps ? 1 : 0)),
  'missing replies': sum((r) => (r.missingReplies ? 1 : 0)),
  errors: sum((r) => r.errors.length),
  'first token p50/p99 ms': `${Math.round(pct(latencies, 50))}/${Math.round(pct(latencies, 99))}`,
  seconds: Number(seconds.toFixed(1)),
};
console.log(
  `Two server processes on one PostgreSQL; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table([row]);
const bad =
  row.lost +
  row.duplicated +
  row['out of order'] +
  row['seq gaps'] +
  row['missing replies'] +
  row.errors;
if (bad) {
  console.error('FAILED', results.flatMap((r) => r.errors).slice(0, 5));
  process.exit(1);
}
