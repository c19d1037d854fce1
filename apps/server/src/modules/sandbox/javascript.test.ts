import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SubmissionRequest } from './index';

/**
 * Issue 24, finding 8 (verdicts that misled) and the JavaScript half of finding 2 (no network), on
 * the real QuickJS runner. A memory bomb once ended as "Time limit exceeded" after seconds (QuickJS
 * counted its allocations without their sizes); a loop of large logs, a huge log or a 50 MB return
 * value as "Time limit exceeded" or "The code runner stopped".
 */

const js = (code: string, extra: Partial<SubmissionRequest> = {}): SubmissionRequest => ({
  language: 'javascript',
  code,
  entryPoint: 'f',
  tests: [
    { input: '[]', expected: '1' },
    { input: '[]', expected: '1' },
  ],
  timeLimitMs: 5_000,
  ...extra,
});

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ outputLimitBytes: 2_000 });
});
afterAll(async () => sandbox?.close());

const run = (request: SubmissionRequest) => sandbox.run(request, { owner: 'candidate' });

describe('the JavaScript runner’s verdicts (issue 24, finding 8)', () => {
  it('a memory bomb of small allocations is "Memory limit exceeded", in well under its time limit', async () => {
    for (const bomb of [
      'function f() { const a = []; for (;;) a.push("x".repeat(1000) + a.length); }',
      'function f() { const m = new Map(); for (let i = 0; ; i++) m.set(i, { i }); }',
    ]) {
      // The verdict itself shows it stopped on memory before its 5 s time limit (which would be
      // "Time limit exceeded"); no wall-clock limit here: on a loaded machine the child takes
      // longer to start, and that is not what is tested.
      const result = await run(js(bomb));
      expect(result.verdict, bomb).toBe('Memory limit exceeded');
    }
    // And the next submission has its interpreter back.
    expect((await run(js('function f() { return 1; }'))).verdict).toBe('passed');
  }, 60_000);

  it('a loop of large logs, one huge log, and a 50 MB return value are "Output limit exceeded"', async () => {
    for (const flood of [
      'function f() { const s = "x".repeat(1 << 20); for (;;) console.log(s); }',
      'function f() { const s = "x".repeat(20 << 20); console.log(s); return 1; }',
      'function f() { for (;;) console.log({ big: "y".repeat(1 << 16) }); }',
    ]) {
      const result = await run(js(flood, { tests: js('').tests.slice(0, 1) }));
      expect(result.verdict, flood).toBe('Output limit exceeded');
      expect(result.tests[0]!.stdout!.length, flood).toBeLessThanOrEqual(2_000);
    }
    const big = await run(
      js('function f() { return "x".repeat(50 * 1024 * 1024); }', {
        tests: js('').tests.slice(0, 1),
      }),
    );
    expect(big.verdict).toBe('Output limit exceeded');
    expect(big.tests[0]!.error).toMatch(/returned value/);
  }, 60_000);

  it('an endless loop costs one time limit, not one per test: the rest are not run', async () => {
    const result = await run(
      js('function f() { for (;;) {} }', {
        tests: Array.from({ length: 5 }, () => ({ input: '[]', expected: '1' })),
        timeLimitMs: 300,
      }),
    );
    expect(result.verdict).toBe('Time limit exceeded');
    // The four after the first were never run, so they cost no time of their own.
    for (const t of result.tests.slice(1)) {
      expect(t.error).toBe('Not run: test 1 exceeded the time limit');
    }
  });
});

describe('the JavaScript runner has no network (issue 24, finding 2)', () => {
  it('opens no connection with anything a program could try', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}/`;
      const attempts = [
        `fetch(${JSON.stringify(url)})`,
        `new WebSocket(${JSON.stringify(url.replace('http', 'ws'))})`,
        `new XMLHttpRequest().open("GET", ${JSON.stringify(url)})`,
        `require("net").connect(${port})`,
        `import("net").then((n) => n.connect(${port}))`,
        `import("std").then((std) => std.urlGet(${JSON.stringify(url)}))`,
        `import("os").then((os) => os.exec(["curl", ${JSON.stringify(url)}]))`,
        `(function () { return this; }).constructor("return process")().binding("tcp_wrap")`,
      ];
      for (const attempt of attempts) {
        const result = await run(
          js(`function f() { try { ${attempt}; return "reached"; } catch (e) { return "no"; } }`, {
            tests: [{ input: '[]', expected: '"no"' }],
          }),
        );
        // Refused at once ("no"), or a promise that never settles ("reached"): nothing of it runs
        // after the test, and nothing connects.
        expect(['"no"', '"reached"'], attempt).toContain(result.tests[0]!.actual);
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });
});
