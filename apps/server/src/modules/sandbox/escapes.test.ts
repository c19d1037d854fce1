import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SubmissionRequest } from './index';

/**
 * Issue 24, findings 1–5: the attacks a student found on the Python runner, written the way they
 * did them, against the real runner (Pyodide in a child process). Each must fail by construction:
 * a child serves one submission and never sees an expected value, frames from it are capped and
 * checked, it has no network, and nothing of one candidate's run reaches another's.
 */

/** Python that reaches Pyodide's bridge again and turns one of the process's descriptors into a file. */
const CHANNEL = `
import os, sys, json, time

def _channel(number):
    sys.modules.pop("pyodide_js", None)
    import pyodide_js
    try:
        pyodide_js.mountNodeFS("/mnt", str(pyodide_js._api.config.indexURL))
    except Exception:
        pass
    fd = os.open("/mnt/package.json", os.O_RDONLY)
    stream = pyodide_js.FS.getStream(fd)
    stream.nfd = number
    stream.flags = os.O_RDWR
    stream.position = None
    return fd

def _write_all(lines):
    for number in (1, 3):
        try:
            fd = _channel(number)
            os.write(fd, "".join(json.dumps(l) + "\\n" for l in lines).encode())
        except BaseException:
            pass

def _read_for(seconds):
    seen = ""
    fds = []
    for number in (0, 3):
        try:
            fds.append(_channel(number))
        except BaseException:
            pass
    end = time.time() + seconds
    while time.time() < end:
        for fd in fds:
            try:
                seen += os.read(fd, 65536).decode(errors="replace")
            except BaseException:
                pass
    return seen
`;
import { TWO_SUM_SOLVED, twoSumSubmission } from '../../test/solutions';

/** Verdicts for the runner's jobs 1–39 (the old host numbered them so), and frames in other shapes. */
const forged = (verdict: string) => `[
    {"type": "result", "id": job, "tests": [{"index": i, "verdict": "${verdict}", "durationMs": 1} for i in range(8)], "durationMs": 1, "recycle": False}
    for job in range(1, 40)
] + [{"t": "result", "i": i, "status": "passed", "verdict": "${verdict}"} for i in range(8)]`;

/** Visible examples, then hidden tests whose expected values no one guesses. */
const tests = [
  { input: '[[2,7,11,15],9]', expected: '[0,1]' },
  { input: '[[3,2,4],6]', expected: '[1,2]' },
  { input: '[[5,75,25,1000],100]', expected: '[1,2]' },
  { input: '[[9,8,7,6,424242],424250]', expected: '[1,4]' },
];

const py = (code: string, extra: Partial<SubmissionRequest> = {}) =>
  twoSumSubmission('python', code, { tests, timeLimitMs: 3_000, ...extra });

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = createSandbox({ outputLimitBytes: 2_000 });
  await sandbox.prepare();
});
afterAll(async () => sandbox?.close());

describe('attacks on the Python runner (issue 24)', () => {
  it('1a. a wrong solution that writes forged verdicts on the runner’s channel still fails', async () => {
    const attacker = await sandbox.run(
      py(`${CHANNEL}
def two_sum(nums, target):
    _write_all(${forged('passed')})
    return [0, 0]
`),
      { owner: 'attacker' },
    );
    expect(attacker.verdict).not.toBe('passed');
    expect(attacker.tests.filter((t) => t.verdict === 'passed')).toHaveLength(0);
  }, 60_000);

  it('1b–c. it cannot read the next candidate’s job nor answer it', async () => {
    const attacking = sandbox.run(
      py(`${CHANNEL}
def two_sum(nums, target):
    _write_all(${forged('failed')})
    return _read_for(1.5)
`),
      { owner: 'attacker' },
    );
    const victim = await sandbox.run(py(TWO_SUM_SOLVED.python), { owner: 'victim' });
    const attacker = await attacking;
    expect(victim.verdict).toBe('passed');
    expect(victim.tests.map((t) => t.verdict)).toEqual(tests.map(() => 'passed'));
    // The victim's hidden input and expected value never reached the attacker's process.
    expect(JSON.stringify(attacker)).not.toMatch(/424242|424250|\[1, ?4\]/);
  }, 60_000);

  it('2. candidate code opens no connection, through Pyodide’s node sockets or Python’s', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.end('HTTP/1.1 200 OK\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      // Stage 0 starts Pyodide's socket layer (it loads between tests), stage 1 connects with it,
      // stage 2 with Python's socket module.
      const code = `
def two_sum(stage, _):
    import sys, socket
    sys.modules.pop("pyodide_js", None)
    import pyodide_js
    if stage == 0:
        pyodide_js.useNodeSockFS()
        return "asked"
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sys._keep = getattr(sys, "_keep", []) + [s]
    try:
        if stage == 1:
            pyodide_js._api._nodeSock.connect(s.fileno(), "127.0.0.1", ${port})
        else:
            s.connect(("127.0.0.1", ${port}))
        return "connecting"
    except BaseException as e:
        return "refused: " + repr(e)
`;
      const stages = [0, 1, 2].map((s) => ({ input: `[${s}, 0]`, expected: '"contained"' }));
      // Twice: a runner that kept its interpreter would connect on the second submission.
      for (let i = 0; i < 2; i++) {
        await sandbox.run(py(code, { tests: stages }), { owner: 'attacker' });
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  }, 60_000);

  it('3. a returned value built to crash or stall the host is a verdict, and the host carries on', async () => {
    // 30,000 levels inside the value cap: once a RangeError in the server's comparison.
    const deep = await sandbox.run(
      py(`import json
json.dumps = lambda r: "[" * 30000 + "]" * 30000
${TWO_SUM_SOLVED.python}`),
      { owner: 'attacker' },
    );
    expect(deep.verdict).toBe('failed');
    const deeper = await sandbox.run(
      py(`import json
json.dumps = lambda r: "[" * 200000 + "]" * 200000
${TWO_SUM_SOLVED.python}`),
      { owner: 'attacker' },
    );
    expect(deeper.verdict).toBe('Output limit exceeded');

    // Two million numbers: the child refuses the value; the host's event loop never blocks on it.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const big = await sandbox.run(
      py('def two_sum(nums, target):\n    return list(range(2_000_000))\n', {
        tests: tests.slice(0, 1),
        timeLimitMs: 10_000,
      }),
      { owner: 'attacker' },
    );
    delay.disable();
    expect(big.verdict).toBe('Output limit exceeded');
    expect(delay.max / 1e6).toBeLessThan(300);
    expect((await sandbox.run(py(TWO_SUM_SOLVED.python), { owner: 'next' })).verdict).toBe(
      'passed',
    );
  }, 60_000);

  it('4. what one candidate leaves in the interpreter is gone for the next', async () => {
    const first = await sandbox.run(
      py(`import sys, json
def two_sum(nums, target):
    if not hasattr(sys, "_seen"):
        sys._seen = []
    sys._seen.append([nums, target])
    json.dumps = lambda r: "[0, 0]"
    return [0, 1]
`),
      { owner: 'first' },
    );
    expect(first.tests).toHaveLength(tests.length);
    const next = await sandbox.run(
      py(`import sys
${TWO_SUM_SOLVED.python}
def two_sum(nums, target, _solve=two_sum):
    print(getattr(sys, "_seen", "nothing seen"))
    return _solve(nums, target)
`),
      { owner: 'next' },
    );
    expect(next.verdict).toBe('passed');
    expect(next.tests.map((t) => t.stdout)).toEqual(tests.map(() => 'nothing seen\n'));
  }, 60_000);

  it('5. output held back by a run that hit the output limit never reaches the next run', async () => {
    // One print of 200 KB in lines, and one without an end of line: both stop at the limit, and
    // the next candidate's print is theirs alone.
    for (const print of ['print(("A" * 99 + "\\n") * 2000)', 'print("A" * 200000, end="")']) {
      const flood = await sandbox.run(
        py(`def two_sum(nums, target):\n    ${print}\n    return [0, 1]\n`, {
          tests: tests.slice(0, 1),
        }),
        { owner: 'first' },
      );
      const next = await sandbox.run(
        py(`def two_sum(nums, target):\n    print("hello")\n    return [0, 1]\n`, {
          tests: tests.slice(0, 1),
        }),
        { owner: 'next' },
      );
      expect(next.tests[0], print).toMatchObject({ verdict: 'passed', stdout: 'hello\n' });
      expect(flood.verdict, print).toBe('Output limit exceeded');
      expect(flood.tests[0]!.stdout!.length).toBeLessThanOrEqual(2_000);
    }
  }, 60_000);
});
