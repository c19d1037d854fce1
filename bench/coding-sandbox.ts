/**
 * The code sandbox (issue 16): verdict time for a typical problem (two-sum, 5 tests) in JavaScript,
 * cold (the first submission of a new sandbox: its worker loads the interpreter) and warm, then 50
 * submissions at once. Run: npx tsx bench/coding-sandbox.ts (BENCH_SANDBOX_RUNS, BENCH_SANDBOX_BURST
 * to tune; the smoke run uses a few). Python is not in the sandbox yet.
 */
import os from 'node:os';
import { createSandbox, type SubmissionRequest } from '../apps/server/src/coding/sandbox';
import { pct } from './live-support';
import { table } from './support';

const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 100);
const BURST = Number(process.env.BENCH_SANDBOX_BURST ?? 50);
const WORKERS = Number(process.env.BENCH_SANDBOX_WORKERS ?? 1);

const TWO_SUM: SubmissionRequest = {
  language: 'javascript',
  entryPoint: 'twoSum',
  timeLimitMs: 1_000,
  code: `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
}`,
  tests: [
    { input: '[[2,7,11,15],9]', expected: '[0,1]' },
    { input: '[[3,2,4],6]', expected: '[1,2]' },
    { input: '[[3,3],6]', expected: '[0,1]' },
    { input: '[[],1]', expected: '[]' },
    {
      input: JSON.stringify([Array.from({ length: 10_000 }, (_, i) => i), 19_997]),
      expected: '[9998,9999]',
    },
  ],
};

const ms = (n: number) => Number(n.toFixed(1));
const rows: Record<string, string | number>[] = [];

// Cold: a new sandbox each time, timed from the submission (the worker starts with it).
const cold: number[] = [];
for (let i = 0; i < Math.min(5, RUNS); i++) {
  const sandbox = createSandbox({ workers: 1 });
  const started = performance.now();
  const result = await sandbox.run(TWO_SUM);
  cold.push(performance.now() - started);
  if (result.verdict !== 'passed') throw new Error(`cold run: ${result.verdict}`);
  await sandbox.close();
}
cold.sort((a, b) => a - b);
rows.push({
  run: 'cold (new worker)',
  submissions: cold.length,
  'p50 ms': ms(pct(cold, 50)),
  'p95 ms': ms(pct(cold, 95)),
});

const sandbox = createSandbox({ workers: WORKERS, queueLimit: BURST + 10 });
await sandbox.run(TWO_SUM);
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  await sandbox.run(TWO_SUM);
  warm.push(performance.now() - started);
}
warm.sort((a, b) => a - b);
rows.push({
  run: 'warm, one at a time',
  submissions: RUNS,
  'p50 ms': ms(pct(warm, 50)),
  'p95 ms': ms(pct(warm, 95)),
});

// A burst: every submission timed from the moment it was made, queueing included.
const burstStart = performance.now();
const burst = (
  await Promise.all(
    Array.from({ length: BURST }, async () => {
      const started = performance.now();
      const result = await sandbox.run(TWO_SUM);
      if (result.verdict !== 'passed') throw new Error(`burst: ${result.verdict}`);
      return performance.now() - started;
    }),
  )
).sort((a, b) => a - b);
rows.push({
  run: `${BURST} at once (${WORKERS} worker${WORKERS > 1 ? 's' : ''})`,
  submissions: BURST,
  'p50 ms': ms(pct(burst, 50)),
  'p95 ms': ms(pct(burst, 95)),
  'all done ms': ms(performance.now() - burstStart),
});
await sandbox.close();
console.log(
  `Code sandbox (QuickJS in worker threads): two-sum, 5 tests; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
