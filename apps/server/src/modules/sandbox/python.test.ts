import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SubmissionRequest } from './index';
import { TWO_SUM_SOLVED, TWO_SUM_TESTS, twoSumSubmission } from '../../test/solutions';

/**
 * The Python sandbox, for real: Pyodide in a child process under Node's permission model. Every
 * hostile submission ends with its own verdict, nothing escapes to this machine, and the host
 * process (this test's) carries on.
 */

const submission = (code: string, extra: Partial<SubmissionRequest> = {}) =>
  twoSumSubmission('python', code, extra);

/** One test calling `probe()`, whose return value (a string) says what the program could do. */
const probe = (body: string) =>
  submission(`def probe():\n${body.replace(/^/gm, '    ')}\n`, {
    entryPoint: 'probe',
    tests: [{ input: '[]', expected: '"contained"' }],
    // Importing urllib in a fresh interpreter takes about half a second, more on a busy machine.
    timeLimitMs: 5_000,
  });

let sandbox: Sandbox;
/** Each submission as one candidate's, unless said otherwise. */
const run = (request: SubmissionRequest, owner = 'candidate') => sandbox.run(request, { owner });
beforeAll(() => {
  sandbox = createSandbox({ pythonMemoryLimitMb: 600, outputLimitBytes: 2_000, queueLimit: 10 });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the Python sandbox', () => {
  it('passes a right solution and fails a wrong one, test by test', async () => {
    const right = await run(submission(TWO_SUM_SOLVED.python));
    expect(right.verdict).toBe('passed');
    expect(right.tests.map((t) => t.actual)).toEqual(['[0, 1]', '[1, 2]', '[]']);
    const wrong = await run(submission('def two_sum(nums, target):\n    return [0, 1]\n'));
    expect(wrong.verdict).toBe('failed');
    expect(wrong.tests.map((t) => t.verdict)).toEqual(['passed', 'failed', 'failed']);
  }, 60_000);

  it('compares in any order and within 1e-6, and says when the function is missing', async () => {
    const anyOrder = await run(
      submission('def two_sum(nums, target):\n    return [1, 0]\n', {
        tests: [{ input: '[[2,7],9]', expected: '[0,1]', compare: 'any-order' }],
      }),
    );
    expect(anyOrder.verdict).toBe('passed');
    const float = await run(
      submission('def two_sum(a, b):\n    return 0.1 + 0.2\n', {
        tests: [{ input: '[1,2]', expected: '0.3', compare: 'float' }],
      }),
    );
    expect(float.verdict).toBe('passed');
    const missing = await run(submission('def other():\n    pass\n'));
    expect(missing.verdict).toBe('error');
    expect(missing.tests[0]!.error).toContain('two_sum is not defined as a function');
  }, 60_000);

  it('ends an infinite loop with "Time limit exceeded" and serves the next submission', async () => {
    const loop = await run(
      submission('def two_sum(nums, target):\n    while True:\n        pass\n', {
        tests: [TWO_SUM_TESTS[0]!],
        timeLimitMs: 500,
      }),
    );
    expect(loop.verdict).toBe('Time limit exceeded');
    const after = await run(submission(TWO_SUM_SOLVED.python));
    expect(after.verdict).toBe('passed');
  }, 120_000);

  it('turns deep recursion into an error, a memory bomb into "Memory limit exceeded", a flood of prints into "Output limit exceeded"', async () => {
    const deep = await run(
      // A time limit no busy machine reaches first: the recursion limit is what is tested.
      submission('def two_sum(nums, target):\n    return two_sum(nums, target)\n', {
        tests: [TWO_SUM_TESTS[0]!],
        timeLimitMs: 10_000,
      }),
    );
    expect(deep.verdict).toBe('error');
    expect(deep.tests[0]!.error).toMatch(/RecursionError/);

    const bomb = await run(
      submission(
        'def two_sum(nums, target):\n    grow = []\n    while True:\n        grow.append(bytearray(10_000_000))\n',
        { tests: [TWO_SUM_TESTS[0]!], timeLimitMs: 10_000 },
      ),
    );
    expect(bomb.verdict).toBe('Memory limit exceeded');

    const flood = await run(
      submission('def two_sum(nums, target):\n    while True:\n        print("spam" * 100)\n', {
        tests: [TWO_SUM_TESTS[0]!],
      }),
    );
    expect(flood.verdict).toBe('Output limit exceeded');
    expect(flood.tests[0]!.stdout!.length).toBeLessThanOrEqual(2_000);
    expect((await run(submission(TWO_SUM_SOLVED.python))).verdict).toBe('passed');
  }, 180_000);

  it('keeps the program away from JavaScript, files, processes and the network', async () => {
    const secret = `/tmp/candor-sandbox-secret-${process.pid}`;
    fs.writeFileSync(secret, 'the host file');
    const attempts = {
      'import js': 'import js\nreturn str(js.process)',
      'pyodide.code.run_js': 'from pyodide.code import run_js\nreturn run_js("process")',
      // Python's own guards are only a first line: the bridge can be imported again...
      'the bridge imported again, mounting the host /tmp': [
        'import sys',
        'sys.modules.pop("pyodide_js", None)',
        'import pyodide_js',
        'pyodide_js.mountNodeFS("/mnt", "/tmp")',
        `return open("/mnt/${path.basename(secret)}").read()`,
      ].join('\n'),
      'js re-imported':
        'import sys\nsys.modules.pop("js", None)\nimport js\nreturn str(js.process)',
      // ...and a JavaScript object reached from Python still cannot evaluate code.
      'the Function constructor through a proxy': [
        'import sys',
        'core = sys.modules["_pyodide_core"]',
        'return str(core.to_js([]).constructor.constructor("return process")())',
      ].join('\n'),
      'a host file': `return open(${JSON.stringify(secret)}).read()`,
      'a process': 'import os\nreturn str(os.system("id"))',
      subprocess: 'import subprocess\nreturn subprocess.run(["id"]).stdout',
      'a socket':
        'import socket\ns = socket.socket()\ns.connect(("127.0.0.1", 22))\nreturn "connected"',
      urllib: 'import urllib.request\nreturn urllib.request.urlopen("http://127.0.0.1:1").read()',
    };
    for (const [name, body] of Object.entries(attempts)) {
      const result = await run(
        probe(
          `try:\n${body.replace(/^/gm, '    ')}\nexcept BaseException as e:\n    return "contained"`,
        ),
      );
      const test = result.tests[0]!;
      const said = `${test.actual ?? ''} ${test.error ?? ''} ${test.stdout ?? ''}`;
      // Refused by Python ("contained"), or by Node's permission model underneath it (an error
      // verdict): never the file's text, a process's output or a connection.
      expect(said, name).not.toMatch(/the host file|uid=|connected|\[object process\]/);
      expect(
        result.verdict === 'passed' ||
          (result.verdict === 'error' && /restricted|denied/i.test(said)),
        `${name}: ${result.verdict} ${said}`,
      ).toBe(true);
    }
    fs.rmSync(secret);
  }, 180_000);

  it('lets nothing one submission does reach the next', async () => {
    const tamper = await run(
      probe(
        'import builtins, json\nbuiltins.len = lambda x: 42\njson.dumps = lambda x: "\\"hacked\\""\nreturn "contained"',
      ),
    );
    expect(tamper.tests).toHaveLength(1);
    const next = await run(
      probe(
        'import json\nreturn "contained" if len([1, 2]) == 2 and json.dumps(1) == "1" else "leaked"',
      ),
    );
    expect(next.tests[0]!.actual).toBe('"contained"');
    const globals = await run(probe('global LEFT\nLEFT = 1\nreturn "contained"'));
    expect(globals.verdict).toBe('passed');
    const fresh = await run(probe('return "leaked" if "LEFT" in globals() else "contained"'));
    expect(fresh.tests[0]!.actual).toBe('"contained"');
  }, 180_000);

  it('runs JavaScript and Python at the same time', async () => {
    const [js, py] = await Promise.all([
      run({
        language: 'javascript',
        code: 'function twoSum(n, t) { return [0, 1]; }',
        entryPoint: 'twoSum',
        tests: [TWO_SUM_TESTS[0]!],
        timeLimitMs: 1_000,
      }),
      run(submission(TWO_SUM_SOLVED.python)),
    ]);
    expect([js.verdict, py.verdict]).toEqual(['passed', 'passed']);
  }, 60_000);
});
