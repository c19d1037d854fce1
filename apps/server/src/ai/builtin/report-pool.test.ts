import { afterEach, describe, expect, it, vi } from 'vitest';
import { qaPair, reportInputOf } from '../../test/report-inputs';
import { variedAnswer } from '../../test/report-pdf';
import type { ReportInput } from '../report-input';
import { aiReportResultSchema } from '../report-result';
import { builtinReportHere, createBuiltinProvider } from './provider';
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
      JSON.stringify(await createBuiltinProvider(builtinReportHere).generateJson(request)),
    );
  });

  it('keeps the event loop turning while a 40-answer report is made', async () => {
    const reports = pool();
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await reports.report(long).finally(() => (done = true));
    const ticksWhileMade = ticks;
    // On this thread the same report is one synchronous call: not one tick comes between.
    const before = ticks;
    const direct = builtinReport(long);
    expect(ticks).toBe(before);
    expect(JSON.stringify(result)).toBe(JSON.stringify(direct));
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
