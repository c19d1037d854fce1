import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportContentSchema } from '@candor/shared';
import { qaPair, reportInputOf } from '../../test/report-inputs';
import { assembleReport, type AssembleOptions } from '../assemble-report';
import { variedAnswer } from '../../test/report-pdf';
import type { ReportInput } from '../report-input';
import { aiReportResultSchema } from '../report-result';
import { createBuiltinProvider } from './provider';
import { builtinReport } from './report';
import { BuiltinReportError, createReportPool, type ReportPool } from './report-pool';

/*
 * The builtin report in worker threads (decision 052), with real workers: the real one, a worker
 * with faults chosen by the attempt's title (test/report-worker-faults.mjs) and one that cannot
 * start. No clock is read: the time limit is driven by fake timers.
 */

const FAULTS = new URL('../../test/report-worker-faults.mjs', import.meta.url);
const BROKEN = new URL('../../test/report-worker-broken.mjs', import.meta.url);

const pools: ReportPool[] = [];
function pool(options: Partial<Parameters<typeof createReportPool>[0]> = {}) {
  const made = createReportPool({ workers: 1, ...options });
  pools.push(made);
  return made;
}
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const EVENT_LOOP = [
  'How does the Node.js event loop handle many requests at once?',
  'Node runs JavaScript on one thread and the event loop picks up callbacks when the stack is empty. I/O is handed to libuv, so while one request waits for the database the loop serves others; a CPU-heavy loop blocks every request.',
] as const;
const STORY = [
  'Tell me about a time you disagreed with a teammate.',
  'A colleague wanted to rewrite our reporting service and I thought the queries were slow. I proposed we measure first, found three queries without an index, and response times went from four seconds to half a second.',
] as const;

/** An attempt whose title names the fault the faulty worker plays (or none). */
const titled = (title: string, answers = 2): ReportInput =>
  reportInputOf(
    Array.from({ length: answers }, (_, i) =>
      qaPair(`How did you use a cache in project ${i}?`, variedAnswer(i)),
    ),
    { title },
  );

/** A 40-question attempt of long, varied answers: seconds of the evaluator's work. */
const long = reportInputOf(
  Array.from({ length: 40 }, (_, i) =>
    qaPair(`How did you use a queue in service ${i + 1}?`, variedAnswer(i + 500, 12)),
  ),
);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the report to be refused');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(BuiltinReportError);
      return err as BuiltinReportError;
    },
  );

describe('the builtin report pool', () => {
  it('makes byte for byte the report builtinReport makes, through the provider too', async () => {
    const reports = pool({ workers: 2 });
    const inputs = [
      reportInputOf([qaPair(...EVENT_LOOP), qaPair(...STORY, 'behavioural')]),
      reportInputOf([qaPair(EVENT_LOOP[0], ''), qaPair(STORY[0], "I don't know")]),
      reportInputOf([qaPair(...EVENT_LOOP)], {
        flow: 'fixed',
        plannedQuestions: 3,
        endedEarly: true,
      }),
      titled('Ten answers', 10),
    ];
    const made = await Promise.all(inputs.map((i) => reports.report(i)));
    made.forEach((result, i) =>
      expect(JSON.stringify(result)).toBe(JSON.stringify(builtinReport(inputs[i]!))),
    );

    const request = {
      messages: [],
      schema: aiReportResultSchema,
      input: inputs[0],
      temperature: 0,
    };
    expect(JSON.stringify(await createBuiltinProvider(reports.report).generateJson(request))).toBe(
      JSON.stringify(await createBuiltinProvider().generateJson(request)),
    );
  });

  it('assembles byte for byte what assembleReport makes: a model result, a fallback', async () => {
    const reports = pool();
    const input = reportInputOf([qaPair(...EVENT_LOOP), qaPair(...STORY, 'behavioural')]);
    const result = builtinReport(input);
    // A model's report that scored one answer high and left the other out.
    const byModel = {
      ...result,
      questionAnalysis: [
        {
          ...result.questionAnalysis![0]!,
          evaluation: { ...result.questionAnalysis![0]!.evaluation, accuracy: 95 },
        },
      ],
    };
    const cases: AssembleOptions[] = [
      { input, result, producedBy: 'builtin', fallbackReason: null },
      { input, result: byModel, producedBy: 'ai', fallbackReason: null },
      {
        input,
        result,
        producedBy: 'builtin',
        fallbackReason: 'The AI report could not be used (timeout).',
      },
    ];
    for (const options of cases) {
      expect(JSON.stringify(await reports.assemble(options))).toBe(
        JSON.stringify(reportContentSchema.parse(assembleReport(options))),
      );
    }
  });

  it('serves an assembly, which finishes a report under way, before reports not yet begun', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reports = pool({ timeLimitMs: 5_000, workerFile: FAULTS });
    const order: string[] = [];
    const looping = failure(reports.report(titled('loop')));
    const report = reports.report(titled('second')).then(() => order.push('report'));
    const input = titled('first');
    const options: AssembleOptions = {
      input,
      result: builtinReport(input),
      producedBy: 'builtin',
      fallbackReason: null,
    };
    const assembly = reports.assemble(options).then(() => order.push('assembly'));
    expect(reports.stats()).toMatchObject({ busy: 1, waiting: 2 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await looping).kind).toBe('time-limit');
    await Promise.all([report, assembly]);
    expect(order).toEqual(['assembly', 'report']);
  });

  it('keeps the event loop turning while a 40-answer report is made and assembled', async () => {
    const reports = pool();
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await reports.report(long);
    const content = await reports
      .assemble({ input: long, result, producedBy: 'builtin', fallbackReason: null })
      .finally(() => (done = true));
    const ticksWhileMade = ticks;
    // On this thread the same report is two synchronous calls: not one tick comes between.
    const before = ticks;
    const direct = builtinReport(long);
    const assembled = assembleReport({
      input: long,
      result: direct,
      producedBy: 'builtin',
      fallbackReason: null,
    });
    expect(ticks).toBe(before);
    expect(JSON.stringify(result)).toBe(JSON.stringify(direct));
    expect(JSON.stringify(content)).toBe(JSON.stringify(reportContentSchema.parse(assembled)));
    // Thousands in practice (the worker starts, loads its models and scores 40 answers).
    expect(ticksWhileMade).toBeGreaterThan(100);
  });

  it('refuses a report beyond the queue cap, and what waits when it closes', async () => {
    const reports = pool({ queueMax: 1, workerFile: FAULTS });
    const looping = failure(reports.report(titled('loop')));
    const waiting = failure(reports.report(titled('fine')));
    expect(reports.stats()).toEqual({ workers: 1, busy: 1, waiting: 1 });
    const refused = await failure(reports.report(titled('fine')));
    expect(refused.kind).toBe('queue-full');
    expect(refused.message).toMatch(/Too many reports are being made at once \(1 waiting\)/);
    await reports.close();
    expect((await looping).kind).toBe('closed');
    expect((await waiting).kind).toBe('closed');
    expect((await failure(reports.report(titled('fine')))).kind).toBe('closed');
  });

  it('stops a report past its time limit, and the next one is made by a fresh worker', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reports = pool({ timeLimitMs: 5_000, workerFile: FAULTS });
    const looping = failure(reports.report(titled('loop')));
    const next = reports.report(titled('fine'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(reports.stats()).toMatchObject({ busy: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    const stopped = await looping;
    expect(stopped.kind).toBe('time-limit');
    expect(stopped.message).toBe('The report took longer than 5 s and was stopped');
    expect(JSON.stringify(await next)).toBe(JSON.stringify(builtinReport(titled('fine'))));
    expect(reports.stats()).toEqual({ workers: 1, busy: 0, waiting: 0 });
  });

  it('fails the report of a worker that dies, and makes the next on a fresh worker', async () => {
    const reports = pool({ workerFile: FAULTS });
    const exited = await failure(reports.report(titled('exit')));
    expect(exited).toMatchObject({
      kind: 'stopped',
      message: 'The report worker stopped (exit code 3)',
    });
    const threw = await failure(reports.report(titled('throw')));
    expect(threw).toMatchObject({
      kind: 'stopped',
      message: 'The report worker stopped: the worker broke',
    });
    expect(JSON.stringify(await reports.report(titled('fine')))).toBe(
      JSON.stringify(builtinReport(titled('fine'))),
    );
    expect(reports.stats().workers).toBe(1);
  });

  it('stops a report past the heap limit, and makes the next on a fresh worker', async () => {
    const reports = pool({ heapMb: 128, workerFile: FAULTS });
    const hog = await failure(reports.report(titled('hog')));
    expect(hog).toMatchObject({
      kind: 'memory-limit',
      message: 'The report needed more than 128 MB and was stopped',
    });
    expect(JSON.stringify(await reports.report(titled('fine')))).toBe(
      JSON.stringify(builtinReport(titled('fine'))),
    );
  });

  it('refuses a worker message in an unknown shape or a report in the wrong one, never crashing', async () => {
    const reports = pool({ workerFile: FAULTS });
    const garbage = await failure(reports.report(titled('garbage')));
    expect(garbage).toMatchObject({
      kind: 'malformed',
      message: 'The report worker answered in an unknown shape',
    });
    const wrong = await failure(reports.report(titled('wrong-shape')));
    expect(wrong).toMatchObject({
      kind: 'malformed',
      message: 'The report worker answered a report in the wrong shape',
    });
    // An answer about another report than the one asked is no answer: the right one still counts.
    expect(JSON.stringify(await reports.report(titled('other-id')))).toBe(
      JSON.stringify(builtinReport(titled('other-id'))),
    );
  });

  it('refuses every report, with why, once a worker could not start three times in a row', async () => {
    const reports = pool({ workerFile: BROKEN });
    const kinds: string[] = [];
    for (;;) {
      const err = await failure(reports.report(titled('fine')));
      kinds.push(err.kind);
      if (err.kind === 'unavailable') {
        expect(err.message).toMatch(
          /^The report worker could not start: .*cannot load the evaluator/,
        );
        break;
      }
      expect(err.message).toMatch(/cannot load the evaluator/);
    }
    // Each refusal before it was one more worker that failed to start, at most three.
    expect(kinds.length).toBeLessThanOrEqual(4);
    expect((await failure(reports.report(titled('fine')))).kind).toBe('unavailable');
    expect(reports.stats().workers).toBe(0);
  });
});
