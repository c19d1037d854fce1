/**
 * The builtin report off the event loop (decision 052): how long the main thread's event loop is
 * held while a 40-answer attempt's report is made and assembled (`builtinReport`, then
 * `assembleReport`), on the main thread (as before) and in the worker pool. Each case gets answers
 * of its own (the evaluator keeps what it read of an answer), cold (the language model and word
 * vectors loaded by that report) and warm. Prints, per case, the report's time and the event
 * loop's delay (max and p99, perf_hooks.monitorEventLoopDelay).
 * Run: npx tsx bench/report-worker.ts (BENCH_SMOKE=1: 5 answers, the four main cases only)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { BANK_REFERENCES } from '../apps/server/src/ai/builtin/bank/references';
import {
  createReportPool,
  evaluatorHere,
  type BuiltinEvaluator,
} from '../apps/server/src/ai/builtin/report-pool';
import { qaPair, reportInputOf } from '../apps/server/src/test/report-inputs';

/**
 * 40 (smoke: 5) of the bank's technical questions, each answered with another question's model answer (off
 * topic: the slowest report, every answer read against its neighbours' keys), different for every
 * `seed` (its own sentence in each answer, so nothing the evaluator read before is reused).
 */
const smoke = process.env.BENCH_SMOKE === '1';
const ANSWERS = smoke ? 5 : 40;
const attempt = (seed: number) =>
  reportInputOf(
    Array.from({ length: ANSWERS }, (_, i) => {
      const asked = BANK_REFERENCES[(seed * ANSWERS + i) % BANK_REFERENCES.length]!;
      const answer = BANK_REFERENCES[(seed * ANSWERS + i + 7) % BANK_REFERENCES.length]!;
      return {
        ...qaPair(asked.question, `${answer.expectedAnswer} We saw it in service ${seed}-${i}.`),
        expectedAnswer: asked.expectedAnswer,
        keyPoints: asked.keyPoints,
      };
    }),
  );

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

async function measure(name: string, make: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await sleep(50);
  const started = performance.now();
  await make();
  const took = performance.now() - started;
  // The last delayed sample is recorded when the loop turns again.
  await sleep(50);
  delay.disable();
  return {
    case: name,
    'report ms': Math.round(took),
    'loop delay max ms': ms(delay.max),
    'loop delay p99 ms': ms(delay.percentile(99)),
  };
}

/** The report and its assembly, as reports/service.ts makes them with the builtin provider. */
async function made(seed: number, evaluator: BuiltinEvaluator) {
  const input = attempt(seed);
  const result = await evaluator.report(input);
  return evaluator.assemble({ input, result, producedBy: 'builtin', fallbackReason: null });
}

const rows = [];
rows.push(await measure('main thread, cold', () => made(1, evaluatorHere)));
rows.push(await measure('main thread, warm', () => made(2, evaluatorHere)));
const pool = createReportPool({ workers: 1 });
rows.push(await measure('worker pool, cold', () => made(3, pool)));
rows.push(await measure('worker pool, warm', () => made(4, pool)));
if (!smoke) {
  // The pool's first version: the report in the worker, its assembly still on the main thread.
  rows.push(
    await measure('report in the pool, assembly here', () =>
      made(5, { report: pool.report, assemble: evaluatorHere.assemble }),
    ),
  );
  rows.push(
    await measure('worker pool, 4 at once', () =>
      Promise.all([6, 7, 8, 9].map((seed) => made(seed, pool))),
    ),
  );
}
await pool.close();
console.table(rows);
