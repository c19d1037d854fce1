import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SandboxBusyError, type Sandbox, type SubmissionRequest } from './index';
import { TWO_SUM_SOLVED, TWO_SUM_TESTS, twoSumSubmission } from '../../test/solutions';

/**
 * The JavaScript sandbox, for real: QuickJS in worker threads. Every hostile submission ends with
 * its own verdict and the host process (this test's) carries on.
 */

const submission = (code: string, extra: Partial<SubmissionRequest> = {}) =>
  twoSumSubmission('javascript', code, extra);

let sandbox: Sandbox;
/** Each submission as one candidate's, unless said otherwise. */
const run = (request: SubmissionRequest, owner = 'candidate') => sandbox.run(request, { owner });
beforeAll(() => {
  sandbox = createSandbox({
    workers: 2,
    queueLimit: 20,
    memoryLimitMb: 32,
    outputLimitBytes: 2_000,
  });
});
afterAll(async () => sandbox?.close());

describe('the JavaScript sandbox', () => {
  it('passes a correct solution and says which test a wrong one fails, with what it returned', async () => {
    const good = await run(submission(TWO_SUM_SOLVED.javascript));
    expect(good.verdict).toBe('passed');
    expect(good.tests.map((t) => t.verdict)).toEqual(['passed', 'passed', 'passed']);

    const wrong = await run(
      submission(`function twoSum(nums, target) { return nums.length ? [0, 1] : null; }`),
    );
    expect(wrong.verdict).toBe('failed');
    expect(wrong.tests.map((t) => t.verdict)).toEqual(['passed', 'failed', 'failed']);
    expect(wrong.tests[1]!.actual).toBe('[0,1]');
    expect(wrong.tests[2]!.actual).toBe('null');
  });

  it('compares in any order, and floats within a tolerance', async () => {
    const anyOrder = await run({
      ...submission('function pairs(n) { return [[2, 1], [1, 2]].slice(0, n); }'),
      entryPoint: 'pairs',
      tests: [{ input: '[2]', expected: '[[1,2],[2,1]]', compare: 'any-order' }],
    });
    expect(anyOrder.verdict).toBe('passed');
    const float = await run({
      ...submission('function third() { return 1 / 3; }'),
      entryPoint: 'third',
      tests: [
        { input: '[]', expected: '0.333333333', compare: 'float' },
        { input: '[]', expected: '0.333333333' },
      ],
    });
    expect(float.tests.map((t) => t.verdict)).toEqual(['passed', 'failed']);
  });

  it('keeps what the code prints, and an exception is the test’s error, named', async () => {
    const result = await run(
      submission(
        `function twoSum(nums) { console.log('looking at', nums.length, {a: 1}); return nums.missing.x; }`,
      ),
    );
    expect(result.verdict).toBe('error');
    expect(result.tests[0]!.stdout).toBe('looking at 4 {"a":1}\n');
    expect(result.tests[0]!.error).toMatch(/^TypeError: /);
    const undefinedEntry = await run(submission('const x = 1;'));
    expect(undefinedEntry.tests[0]!.error).toMatch(/twoSum is not defined as a function/);
  });

  it('ends an infinite loop with "Time limit exceeded"', async () => {
    const result = await run(
      submission('function twoSum() { for (;;) {} }', {
        timeLimitMs: 200,
        tests: TWO_SUM_TESTS.slice(0, 1),
      }),
    );
    expect(result.verdict).toBe('Time limit exceeded');
    expect(result.tests[0]!.verdict).toBe('time-limit');
  });

  it('ends deep recursion as an error, not a crash', async () => {
    const result = await run(submission('function twoSum(n) { return twoSum(n) + 1; }'));
    expect(result.verdict).toBe('error');
    expect(result.tests[0]!.error).toMatch(/RangeError|stack/i);
  });

  it('ends a memory bomb with "Memory limit exceeded"', async () => {
    const result = await run(
      submission(
        // A new megabyte string each turn: the limit is reached in well under a second, so a busy
        // machine cannot turn it into a time-out (the limit here is generous for the same reason).
        'function twoSum() { const all = []; const mb = "x".repeat(1 << 20); for (;;) all.push(mb + all.length); }',
        { tests: TWO_SUM_TESTS.slice(0, 1), timeLimitMs: 10_000 },
      ),
    );
    expect(result.verdict).toBe('Memory limit exceeded');
  });

  it('ends endless printing with "Output limit exceeded", keeping the output up to the limit', async () => {
    const result = await run(
      submission('function twoSum() { for (;;) console.log("spam spam spam"); }', {
        tests: TWO_SUM_TESTS.slice(0, 1),
      }),
    );
    expect(result.verdict).toBe('Output limit exceeded');
    expect(result.tests[0]!.stdout!.length).toBeLessThanOrEqual(2_000);
  });

  it('reaches nothing of the host: no process, require, fetch, file system, network or timers', async () => {
    const probe = await run({
      ...submission(`function probe() {
        return [typeof process, typeof require, typeof fetch, typeof globalThis.process,
          typeof XMLHttpRequest, typeof WebSocket, typeof setTimeout, typeof Deno, typeof Bun,
          typeof import.meta];
      }`),
      entryPoint: 'probe',
      tests: [{ input: '[]', expected: '[]' }],
    });
    // "import.meta" outside a module is a syntax error: the probe without it.
    const withoutMeta = await run({
      ...submission(`function probe() {
        return [typeof process, typeof require, typeof fetch, typeof globalThis.process,
          typeof XMLHttpRequest, typeof WebSocket, typeof setTimeout, typeof Deno, typeof Bun];
      }`),
      entryPoint: 'probe',
      tests: [{ input: '[]', expected: JSON.stringify(Array(9).fill('undefined')) }],
    });
    expect(probe.verdict).toBe('error');
    expect(withoutMeta.verdict).toBe('passed');
    const escape = await run({
      ...submission(`function escape() {
        return (function () { return this; }).constructor('return typeof process')();
      }`),
      entryPoint: 'escape',
      tests: [{ input: '[]', expected: '"undefined"' }],
    });
    expect(escape.verdict).toBe('passed');
  });

  it('leaks nothing from one test or submission to the next', async () => {
    const code = `globalThis.count = (globalThis.count || 0) + 1;
      function counter() { return globalThis.count; }`;
    const first = await run({
      ...submission(code),
      entryPoint: 'counter',
      tests: [
        { input: '[]', expected: '1' },
        { input: '[]', expected: '1' },
      ],
    });
    const second = await run({
      ...submission(code),
      entryPoint: 'counter',
      tests: [{ input: '[]', expected: '1' }],
    });
    expect(first.verdict).toBe('passed');
    expect(second.verdict).toBe('passed');
  });

  it('refuses a submission beyond its queue, and one whose entry point is not a name', async () => {
    const small = createSandbox({ workers: 1, queueLimit: 1 });
    try {
      const slow = submission('function twoSum() { for (;;) {} }', {
        timeLimitMs: 300,
        tests: TWO_SUM_TESTS.slice(0, 1),
      });
      // Two candidates: the global queue is what is full, not one candidate's share.
      const running = small.run(slow, { owner: 'a' });
      const waiting = small.run(slow, { owner: 'b' });
      await expect(small.run(slow, { owner: 'c' })).rejects.toBeInstanceOf(SandboxBusyError);
      expect((await running).verdict).toBe('Time limit exceeded');
      expect((await waiting).verdict).toBe('Time limit exceeded');
      await expect(
        small.run({ ...slow, entryPoint: 'x); process.exit(1); (' }, { owner: 'a' }),
      ).rejects.toThrow(/entryPoint/);
    } finally {
      await small.close();
    }
  });

  it('runs many submissions at once, each with its own verdict, and the host carries on', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        run(
          i % 3 === 0
            ? submission('function twoSum() { for (;;) {} }', {
                timeLimitMs: 100,
                tests: TWO_SUM_TESTS.slice(0, 1),
              })
            : submission(TWO_SUM_SOLVED.javascript),
          `candidate ${i}`,
        ),
      ),
    );
    results.forEach((r, i) =>
      expect(r.verdict).toBe(i % 3 === 0 ? 'Time limit exceeded' : 'passed'),
    );
    expect(sandbox.stats()).toMatchObject({
      running: { javascript: 0, python: 0 },
      queued: 0,
      workers: 2,
    });
  });
});
