import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matches } from './compare';
import {
  submissionVerdict,
  type SubmissionRequest,
  type SubmissionResult,
  type TestResult,
  type WorkerLimits,
} from './protocol';

/**
 * Python submissions (issue 16, decision 031): Pyodide in child processes, each loaded once and
 * reused. A child runs under Node's permission model (it reads Pyodide's files and nothing else,
 * writes nothing, starts nothing) with code generation from strings disallowed. The host ends a
 * child that overruns its wall clock (a loop: the verdict is "Time limit exceeded") or its memory
 * (read from /proc while it runs: "Memory limit exceeded"), and replaces it. A child whose program
 * changed a builtin is replaced too, so nothing one candidate did reaches the next.
 */

export interface PythonPoolOptions {
  children: number;
  queueLimit: number;
  /** The child's resident memory, Pyodide included (about 150 MB idle). */
  memoryLimitBytes: number;
  outputLimitBytes: number;
  /** The error a full queue refuses with. */
  busy: () => Error;
}

interface Job {
  id: number;
  request: SubmissionRequest;
  resolve: (r: SubmissionResult) => void;
  reject: (e: Error) => void;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  memoryWatch: NodeJS.Timeout | null;
}

type FromChild =
  | { type: 'ready' }
  | {
      type: 'result';
      id: number;
      tests: (Omit<TestResult, 'verdict'> & { verdict: TestResult['verdict'] | 'compared' })[];
      durationMs: number;
      recycle: boolean;
    };

/** Loading Pyodide takes seconds; beyond that, messaging. */
const START_MS = 60_000;
const WALL_CLOCK_SLACK_MS = 2_000;

function pyodideDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('pyodide/package.json'));
}

/** The runner beside this file (source, tests), or beside the bundle in dist (build.mjs copies it). */
const runnerFile = () =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-runner.mjs');

const resident = (pid: number): number | null => {
  try {
    // statm: total and resident pages.
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return pages * 4096;
  } catch {
    return null;
  }
};

function allTests(request: SubmissionRequest, verdict: TestResult['verdict'], error: string) {
  return request.tests.map((_, index) => ({ index, verdict, error, durationMs: 0 }));
}

export function createPythonPool(options: PythonPoolOptions) {
  const dir = pyodideDir();
  const runner = runnerFile();
  const queue: Job[] = [];
  const children: Child[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Child {
    const child = fork(runner, [], {
      execArgv: [
        '--disallow-code-generation-from-strings',
        '--experimental-permission',
        `--allow-fs-read=${dir}${path.sep}`,
        `--allow-fs-read=${runner}`,
        '--max-old-space-size=256',
        '--no-warnings',
      ],
      env: { CANDOR_PYODIDE_DIR: dir, PATH: '' },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    let ready!: () => void;
    const slot: Child = {
      process: child,
      ready: new Promise<void>((r) => (ready = r)),
      job: null,
      timer: null,
      memoryWatch: null,
    };
    const startTimer = setTimeout(() => child.kill('SIGKILL'), START_MS);
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        clearTimeout(startTimer);
        return ready();
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      const tests = message.tests.map((t, i): TestResult => {
        if (t.verdict !== 'compared') return t as TestResult;
        return {
          ...t,
          verdict: matches(t.actual ?? '', job.request.tests[i]!) ? 'passed' : 'failed',
        };
      });
      // Out of the pool first, so the next submission never goes to a child being replaced.
      if (message.recycle) replace(slot);
      finish(slot, { verdict: submissionVerdict(tests), tests, durationMs: message.durationMs });
    });
    child.on('exit', () => {
      clearTimeout(startTimer);
      if (slot.job) {
        finish(slot, {
          verdict: 'error',
          tests: allTests(slot.job.request, 'error', 'The code runner stopped'),
          durationMs: 0,
        });
      }
      // A crash (not a replacement, which has already left the list) is replaced here.
      if (children.includes(slot)) replace(slot);
    });
    child.on('error', () => undefined);
    return slot;
  }

  /** Ends a child at once and starts its replacement; nothing more is given to it. */
  function replace(slot: Child) {
    const index = children.indexOf(slot);
    if (index >= 0) children.splice(index, 1);
    slot.process.kill('SIGKILL');
    if (!closed && children.length < options.children) {
      children.push(spawn());
      pump();
    }
  }

  function finish(slot: Child, result: SubmissionResult) {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.memoryWatch) clearInterval(slot.memoryWatch);
    slot.timer = null;
    slot.memoryWatch = null;
    slot.job = null;
    job?.resolve(result);
    pump();
  }

  function pump() {
    for (const slot of children) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      void slot.ready.then(() => {
        if (slot.job !== job) return;
        const wallClockMs =
          job.request.tests.length * (job.request.timeLimitMs + 100) + WALL_CLOCK_SLACK_MS;
        slot.timer = setTimeout(() => {
          replace(slot);
          finish(slot, {
            verdict: 'Time limit exceeded',
            tests: allTests(job.request, 'time-limit', 'Time limit exceeded'),
            durationMs: wallClockMs,
          });
        }, wallClockMs);
        slot.memoryWatch = setInterval(() => {
          const bytes = slot.process.pid ? resident(slot.process.pid) : null;
          if (bytes === null || bytes <= options.memoryLimitBytes) return;
          replace(slot);
          finish(slot, {
            verdict: 'Memory limit exceeded',
            tests: allTests(job.request, 'memory-limit', 'Memory limit exceeded'),
            durationMs: 0,
          });
        }, 50);
        const limits: WorkerLimits = {
          memoryLimitBytes: options.memoryLimitBytes,
          outputLimitBytes: options.outputLimitBytes,
          stackLimitBytes: 0,
        };
        slot.process.send({ type: 'run', id: job.id, request: job.request, limits });
      });
    }
  }

  return {
    run(request: SubmissionRequest): Promise<SubmissionResult> {
      if (closed) return Promise.reject(new Error('The sandbox is closed'));
      if (queue.length >= options.queueLimit) return Promise.reject(options.busy());
      // Started with the first Python submission: most servers never run Python.
      while (children.length < options.children) children.push(spawn());
      return new Promise<SubmissionResult>((resolve, reject) => {
        queue.push({ id: nextId++, request, resolve, reject });
        pump();
      });
    },
    stats() {
      return { busy: children.filter((c) => c.job).length, queued: queue.length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The sandbox is closed'));
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.process.exitCode !== null) return resolve();
              c.process.once('exit', () => resolve());
              c.process.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
