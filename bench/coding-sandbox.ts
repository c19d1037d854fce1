/**
 * The code sandbox (issue 16): verdict time for a typical problem (two-sum, 5 tests) in JavaScript
 * (QuickJS in worker threads) and Python (Pyodide in child processes), cold (the first submission
 * of a new sandbox: the interpreter loads) and warm, then 50 submissions at once. Run:
 * npx tsx bench/coding-sandbox.ts (BENCH_SANDBOX_RUNS, BENCH_SANDBOX_BURST, BENCH_SANDBOX_COLD to
 * tune; the smoke run uses a few).
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

const TWO_SUM_PY: SubmissionRequest = {
  ...TWO_SUM,
  language: 'python',
  entryPoint: 'two_sum',
  code: `def two_sum(nums, target):
    seen = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return [seen[target - n], i]
        seen[n] = i
    return []
`,
};
const COLD = Number(process.env.BENCH_SANDBOX_COLD ?? 3);

const ms = (n: number) => Number(n.toFixed(1));
const rows: Record<string, string | number>[] = [];

for (const [language, request] of [
  ['JavaScript', TWO_SUM],
  ['Python', TWO_SUM_PY],
] as const) {
  // Cold: a new sandbox each time, timed from the submission (the interpreter starts with it).
  const cold: number[] = [];
  for (let i = 0; i < Math.min(COLD, RUNS); i++) {
    const sandbox = createSandbox({ workers: 1 });
    const started = performance.now();
    const result = await sandbox.run(request);
    cold.push(performance.now() - started);
    if (result.verdict !== 'passed') throw new Error(`cold run: ${result.verdict}`);
    await sandbox.close();
  }
  cold.sort((a, b) => a - b);
  rows.push({
    language,
    run: 'cold (new interpreter)',
    submissions: cold.length,
    'p50 ms': ms(pct(cold, 50)),
    'p95 ms': ms(pct(cold, 95)),
  });

  const sandbox = createSandbox({ workers: WORKERS, queueLimit: BURST + 10 });
  await sandbox.run(request);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await sandbox.run(request);
    warm.push(performance.now() - started);
  }
  warm.sort((a, b) => a - b);
  rows.push({
    language,
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
        const result = await sandbox.run(request);
        if (result.verdict !== 'passed') throw new Error(`burst: ${result.verdict}`);
        return performance.now() - started;
      }),
    )
  ).sort((a, b) => a - b);
  rows.push({
    language,
    run: `${BURST} at once (1 ${language === 'Python' ? 'child process' : WORKERS > 1 ? `of ${WORKERS} workers` : 'worker'})`,
    submissions: BURST,
    'p50 ms': ms(pct(burst, 50)),
    'p95 ms': ms(pct(burst, 95)),
    'all done ms': ms(performance.now() - burstStart),
  });
  await sandbox.close();
}
console.log(
  `Code sandbox: two-sum, 5 tests (one of 10,000 numbers); load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
