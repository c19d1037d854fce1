/**
 * The code sandbox (issues 16 and 24): verdict time for a typical problem (two-sum, 5 tests) in
 * JavaScript (QuickJS in worker threads) and Python (a fresh Pyodide child per submission, from a
 * memory snapshot), cold (the first submission of a new sandbox: nothing started yet) and warm,
 * then 50 candidates submitting at once. A warm Python submission finds a started child waiting
 * (the pool refills between submissions, as it does between a real candidate's); back to back,
 * Python is bound by how fast children start: the 50-at-once row. Also the one-time making of the
 * snapshot (the build does it; else the first need). Run: npx tsx bench/coding-sandbox.ts
 * (BENCH_SANDBOX_RUNS, BENCH_SANDBOX_BURST, BENCH_SANDBOX_COLD to tune; the smoke run uses a few).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSandbox,
  pythonIsolation,
  type SubmissionRequest,
} from '../apps/server/src/modules/sandbox';
import { makeSnapshot } from '../apps/server/src/modules/sandbox/python-snapshot';
import { TWO_SUM_SOLVED } from '../apps/server/src/test/solutions';
import { pct } from './live-support';
import { table } from './support';

const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 100);
const BURST = Number(process.env.BENCH_SANDBOX_BURST ?? 50);
const WORKERS = Number(process.env.BENCH_SANDBOX_WORKERS ?? 1);

const TWO_SUM: SubmissionRequest = {
  language: 'javascript',
  entryPoint: 'twoSum',
  timeLimitMs: 1_000,
  code: TWO_SUM_SOLVED.javascript,
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
  code: TWO_SUM_SOLVED.python,
};
const COLD = Number(process.env.BENCH_SANDBOX_COLD ?? 3);

const ms = (n: number) => Number(n.toFixed(1));
const rows: Record<string, string | number>[] = [];

for (const [language, request] of [
  ['JavaScript', TWO_SUM],
  ['Python', TWO_SUM_PY],
] as const) {
  // Cold: a new sandbox each time, timed from the submission (the interpreter starts with it).
  // The server probes the operating system's isolation at start-up (main.ts): so does this.
  await pythonIsolation();
  const cold: number[] = [];
  for (let i = 0; i < Math.min(COLD, RUNS); i++) {
    const sandbox = createSandbox({ workers: 1 });
    const started = performance.now();
    const result = await sandbox.run(request, { owner: 'bench' });
    cold.push(performance.now() - started);
    if (result.verdict !== 'passed') throw new Error(`cold run: ${result.verdict}`);
    await sandbox.close();
  }
  cold.sort((a, b) => a - b);
  rows.push({
    language,
    run: 'cold (new sandbox: nothing started)',
    submissions: cold.length,
    'p50 ms': ms(pct(cold, 50)),
    'p95 ms': ms(pct(cold, 95)),
  });

  const sandbox = createSandbox({ workers: WORKERS, queueLimit: BURST + 10 });
  const python = request.language === 'python';
  if (python) {
    // A coding question opened: the warm pool starts (prepare), as the server does.
    await sandbox.prepare();
    const started = performance.now();
    const first = await sandbox.run(request, { owner: 'bench' });
    if (first.verdict !== 'passed') throw new Error(`prepared run: ${first.verdict}`);
    rows.push({
      language,
      run: 'first, after its question opened (warm pool)',
      submissions: 1,
      'p50 ms': ms(performance.now() - started),
      'p95 ms': ms(performance.now() - started),
    });
  } else await sandbox.run(request, { owner: 'bench' });
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (python) await sandbox.prepare();
    const started = performance.now();
    await sandbox.run(request, { owner: 'bench' });
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
      Array.from({ length: BURST }, async (_, i) => {
        const started = performance.now();
        // One submission each of BURST candidates (one candidate may have only three in flight).
        const result = await sandbox.run(request, { owner: `candidate ${i}` });
        if (result.verdict !== 'passed') throw new Error(`burst: ${result.verdict}`);
        return performance.now() - started;
      }),
    )
  ).sort((a, b) => a - b);
  rows.push({
    language,
    run: `${BURST} at once (${language === 'Python' ? 'a child each, 1 running' : WORKERS > 1 ? `${WORKERS} workers` : '1 worker'})`,
    submissions: BURST,
    'p50 ms': ms(pct(burst, 50)),
    'p95 ms': ms(pct(burst, 95)),
    'all done ms': ms(performance.now() - burstStart),
  });
  await sandbox.close();
}
// The snapshot every Python child starts from: made once (the build makes it; else the first need).
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-'));
const making = performance.now();
await makeSnapshot(path.join(scratch, 'pyodide.snapshot'));
rows.push({
  language: 'Python',
  run: 'making the snapshot (once per build)',
  submissions: 0,
  'p50 ms': ms(performance.now() - making),
  'p95 ms': ms(performance.now() - making),
});
fs.rmSync(scratch, { recursive: true, force: true });
console.log(
  `Code sandbox: two-sum, 5 tests (one of 10,000 numbers); load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
