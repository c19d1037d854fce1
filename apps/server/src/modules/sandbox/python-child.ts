import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { readFrames } from './frames';
import type { PythonIsolation } from './isolation';
import type { RunLimits, SubmissionRequest, TestOutcome } from './protocol';
import { pyodideDir, runnerFile } from './python-snapshot';

/**
 * One Python child (decision 031): started from the snapshot, ready, given ONE submission, killed.
 * The host sends the code, then one test's input at a time, and times each test itself (a child's
 * own figure is believed only when it is worse). Everything the child says is untrusted: frames
 * are capped as they are read, each is schema-checked, and anything unexpected ends the child
 * with the verdict `error`, never an exception here.
 */

/** Loading from the snapshot takes about 0.3 s; a loaded machine may take a few times that. */
const START_MS = 20_000;
/** A test's limit plus this, on the host's clock, before the child is ended. */
const TEST_GRACE_MS = 250;
const MEMORY_WATCH_MS = 50;
const ERROR_CHARS = 4_001;

const fromChild = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ready') }).strict(),
  z
    .object({
      t: z.literal('result'),
      i: z.number().int().nonnegative(),
      status: z.enum(['value', 'error', 'output-limit', 'memory-limit']),
      value: z.string().optional(),
      error: z.string().max(ERROR_CHARS).optional(),
      stdout: z.string().optional(),
      ms: z.number().nonnegative().optional(),
    })
    .strict(),
]);
type FromChild = z.infer<typeof fromChild>;
/** Why a test, and with it the child, ended without a value. */
type Ending = { kind: Exclude<TestOutcome['kind'], 'value'>; error: string };

/** Resident memory of a process (Linux), or null where it cannot be read. */
function resident(pid: number): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

export interface PythonChild {
  ready: Promise<void>;
  /** It ended (or was killed): it takes no submission. */
  dead(): boolean;
  /** Runs the submission's tests in turn (once per child), then kills the child. */
  run(request: SubmissionRequest): Promise<TestOutcome[]>;
  kill(): void;
}

export function startChild(config: {
  snapshot: string;
  isolation: PythonIsolation;
  limits: RunLimits;
}): PythonChild {
  const { limits } = config;
  const dir = pyodideDir();
  const runner = runnerFile();
  const [command, ...args] = [
    ...config.isolation.prefix,
    process.execPath,
    '--disallow-code-generation-from-strings',
    '--experimental-permission',
    `--allow-fs-read=${dir}${path.sep}`,
    `--allow-fs-read=${runner}`,
    `--allow-fs-read=${config.snapshot}`,
    '--max-old-space-size=256',
    '--no-warnings',
    runner,
  ];
  const child = spawn(command!, args, {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { CANDOR_PYODIDE_DIR: dir, CANDOR_PYODIDE_SNAPSHOT: config.snapshot, PATH: '' },
  });
  // A waiting child does not keep the server's process alive; its timers do while it runs.
  child.unref();
  for (const stream of [child.stdin, child.stdout]) (stream as unknown as Socket).unref();
  let onMessage: (message: FromChild) => void = () => undefined;
  let onEnd: (outcome: Ending) => void = () => undefined;
  let gone = false;
  const kill = () => {
    if (gone) return;
    gone = true;
    child.kill('SIGKILL');
  };
  child.on('error', () => onEnd({ kind: 'error', error: 'The code runner could not start' }));
  child.stdin.on('error', () => undefined);
  // Closed after its output: a last frame before it ended is read first.
  child.on('close', () => {
    gone = true;
    onEnd({ kind: 'error', error: 'The code runner stopped' });
  });
  // The largest honest frame: stdout and a value, each JSON-escaped (6 bytes a character at
  // worst), and a cut error. Across a submission, four such frames: thirty tests each printing up
  // to the limit in plain text fit; a child sending more is not honest.
  const frameBytes = 6 * (limits.outputLimitBytes + limits.valueLimitChars + ERROR_CHARS) + 1_024;
  const frames = readFrames(
    child.stdout,
    { frameBytes, totalBytes: 4 * frameBytes },
    {
      frame(line) {
        let parsed: FromChild;
        try {
          parsed = fromChild.parse(JSON.parse(line));
        } catch {
          return onEnd({ kind: 'error', error: 'The code runner sent something unexpected' });
        }
        onMessage(parsed);
      },
      overflow: () => onEnd({ kind: 'output-limit', error: 'Output limit exceeded' }),
    },
  );

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => onEnd({ kind: 'error', error: 'took too long to start' }),
      START_MS,
    );
    onMessage = (message) => {
      clearTimeout(timer);
      if (message.t !== 'ready')
        return onEnd({ kind: 'error', error: 'spoke before it was ready' });
      onMessage = () =>
        onEnd({ kind: 'error', error: 'The code runner sent something unexpected' });
      onEnd = () => kill();
      resolve();
    };
    onEnd = (outcome) => {
      clearTimeout(timer);
      kill();
      reject(new Error(`A Python runner ${'error' in outcome ? outcome.error : 'stopped'}`));
    };
  });
  ready.catch(() => undefined);

  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);

  function run(request: SubmissionRequest): Promise<TestOutcome[]> {
    const outcomes: TestOutcome[] = [];
    if (gone)
      return Promise.resolve([{ kind: 'error', error: 'The code runner stopped', durationMs: 0 }]);
    return new Promise<TestOutcome[]>((resolve) => {
      let sentAt = 0;
      let timer: NodeJS.Timeout | undefined;
      const finish = (last?: Ending) => {
        clearTimeout(timer);
        clearInterval(memoryWatch);
        onMessage = () => undefined;
        onEnd = () => undefined;
        frames.stop();
        kill();
        if (last) {
          outcomes.push({ ...last, durationMs: performance.now() - sentAt } as TestOutcome);
        }
        resolve(outcomes);
      };
      const next = () => {
        const index = outcomes.length;
        if (index === request.tests.length) return finish();
        sentAt = performance.now();
        send({ t: 'test', i: index, input: request.tests[index]!.input });
        timer = setTimeout(
          () => finish({ kind: 'time-limit', error: 'Time limit exceeded' }),
          request.timeLimitMs + TEST_GRACE_MS,
        );
      };
      const memoryWatch = setInterval(() => {
        const bytes = child.pid ? resident(child.pid) : null;
        if (bytes !== null && bytes > limits.memoryLimitBytes) {
          finish({ kind: 'memory-limit', error: 'Memory limit exceeded' });
        }
      }, MEMORY_WATCH_MS);
      onEnd = finish;
      onMessage = (message) => {
        const surprise = {
          kind: 'error',
          error: 'The code runner sent something unexpected',
        } as const;
        if (message.t !== 'result' || message.i !== outcomes.length) return finish(surprise);
        const { status, value, stdout, error } = message;
        if ((stdout?.length ?? 0) > limits.outputLimitBytes) return finish(surprise);
        if (status === 'value' && (value === undefined || value.length > limits.valueLimitChars)) {
          return finish(surprise);
        }
        clearTimeout(timer);
        const durationMs = performance.now() - sentAt;
        const out = stdout ? { stdout } : {};
        // Over the limit by the child's own clock (believed against itself; the host's clock, up
        // to the grace, may include this server's own delays), or by the host's without it.
        const outcome: TestOutcome =
          (message.ms ?? durationMs) > request.timeLimitMs
            ? { kind: 'time-limit', error: 'Time limit exceeded', ...out, durationMs }
            : status === 'value'
              ? { kind: 'value', value: value!, ...out, durationMs }
              : { kind: status, error: error ?? status, ...out, durationMs };
        outcomes.push(outcome);
        if (outcome.kind === 'time-limit') return finish();
        next();
      };
      send({
        t: 'job',
        code: request.code,
        entry: request.entryPoint,
        outputLimit: limits.outputLimitBytes,
        valueLimit: limits.valueLimitChars,
      });
      next();
    });
  }

  return { ready, dead: () => gone, run, kill };
}
