import { Worker } from 'node:worker_threads';
import { createPythonPool } from './python';
import type {
  FromWorker,
  SubmissionRequest,
  SubmissionResult,
  TestResult,
  ToWorker,
  WorkerLimits,
} from './protocol';

export type {
  CodingLanguage,
  CodingTest,
  SubmissionRequest,
  SubmissionResult,
  SubmissionVerdict,
  TestResult,
  TestVerdict,
} from './protocol';

/**
 * The code sandbox (issue 16, decision 031): submissions run in QuickJS (WebAssembly) in a small
 * pool of worker threads, never on the host's JavaScript engine. A bounded queue refuses what the
 * pool cannot take; a worker that overruns its wall clock (a loop the interpreter's own deadline
 * did not stop) is ended and replaced, and that submission's verdict is "Time limit exceeded".
 */

export class SandboxBusyError extends Error {
  constructor() {
    super('The code runner is busy: please try again in a moment');
    this.name = 'SandboxBusyError';
  }
}

export interface SandboxOptions {
  /** Worker threads (each holds one interpreter module): 1 by default, on a 2-core machine. */
  workers?: number;
  /** Submissions waiting for a worker before more are refused. */
  queueLimit?: number;
  memoryLimitMb?: number;
  outputLimitBytes?: number;
  /** Python child processes (each holds a loaded Pyodide, about 150 MB): 1 by default. */
  pythonChildren?: number;
  /** A Python child's resident memory limit, Pyodide included. */
  pythonMemoryLimitMb?: number;
}

export interface Sandbox {
  run(request: SubmissionRequest): Promise<SubmissionResult>;
  stats(): {
    busy: number;
    queued: number;
    workers: number;
    python: { busy: number; queued: number };
  };
  close(): Promise<void>;
}

const ENTRY_POINT = /^[A-Za-z_$][\w$]{0,63}$/;
/** Beyond the interpreter's own deadlines: starting a fresh interpreter per test, messaging. */
const WALL_CLOCK_SLACK_MS = 2_000;

/** The worker's file: its TypeScript source through tsx (tests, dev), the bundle's sibling in dist. */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker-source.mjs', import.meta.url)
    : new URL('./sandbox-worker.js', import.meta.url);
}

/** Workers that die before they are ready this many times in a row: the sandbox cannot start. */
const START_FAILURES_MAX = 3;

interface Job {
  id: number;
  request: SubmissionRequest;
  resolve: (result: SubmissionResult) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Every test of a submission with the same verdict: the thread was ended or failed. */
function allTests(request: SubmissionRequest, verdict: TestResult['verdict'], error: string) {
  return request.tests.map((_, index) => ({ index, verdict, error, durationMs: 0 }));
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const size = Math.max(1, options.workers ?? 1);
  const queueLimit = options.queueLimit ?? 50;
  const limits: WorkerLimits = {
    memoryLimitBytes: (options.memoryLimitMb ?? 64) * 1024 * 1024,
    outputLimitBytes: options.outputLimitBytes ?? 64 * 1024,
    stackLimitBytes: 512 * 1024,
  };
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  let startFailures = 0;
  let startError: Error | null = null;
  let broken: Error | null = null;

  function spawn(): Slot {
    const worker = new Worker(workerFile(), {
      // The host's heap stays the host's: a worker gone wild is ended, not the process.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let ready!: () => void;
    let started = false;
    const slot: Slot = {
      worker,
      ready: new Promise<void>((r) => (ready = r)),
      job: null,
      timer: null,
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        started = true;
        startFailures = 0;
        return ready();
      }
      if (slot.job?.id !== message.id) return;
      finish(slot, message.result);
    });
    worker.on('error', (err) => {
      if (!started) startError = err;
      const job = slot.job;
      if (job) {
        const memory = /memory/i.test(err.message);
        finish(slot, {
          verdict: memory ? 'Memory limit exceeded' : 'error',
          tests: allTests(job.request, memory ? 'memory-limit' : 'error', err.message),
          durationMs: 0,
        });
      }
    });
    worker.on('exit', () => {
      // Replaced unless the sandbox is closing (a crash, or the wall clock ended it); a worker
      // that cannot even start is not restarted for ever: what waits is refused, with why.
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (slot.job) {
        finish(slot, {
          verdict: 'error',
          tests: allTests(slot.job.request, 'error', 'The code runner stopped'),
          durationMs: 0,
        });
      }
      if (closed) return;
      if (!started && ++startFailures >= START_FAILURES_MAX) {
        const why = new Error(
          `The code runner could not start: ${startError?.message ?? 'no reason given'}`,
        );
        for (const job of queue.splice(0)) job.reject(why);
        broken = why;
        return;
      }
      slots.push(spawn());
      pump();
    });
    worker.unref();
    return slot;
  }

  function finish(slot: Slot, result: SubmissionResult) {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    // An idle worker does not keep the process alive; one with work does (worker.ref in pump).
    slot.worker.unref();
    job?.resolve(result);
    pump();
  }

  function pump() {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      void slot.ready.then(() => {
        if (slot.job !== job) return;
        const wallClockMs =
          job.request.tests.length * (job.request.timeLimitMs + 100) + WALL_CLOCK_SLACK_MS;
        slot.timer = setTimeout(() => {
          finish(slot, {
            verdict: 'Time limit exceeded',
            tests: allTests(job.request, 'time-limit', 'Time limit exceeded'),
            durationMs: wallClockMs,
          });
          void slot.worker.terminate();
        }, wallClockMs);
        slot.worker.postMessage({
          type: 'run',
          id: job.id,
          request: job.request,
          limits,
        } satisfies ToWorker);
      });
    }
  }

  for (let i = 0; i < size; i++) slots.push(spawn());
  const python = createPythonPool({
    children: Math.max(1, options.pythonChildren ?? 1),
    queueLimit,
    memoryLimitBytes: (options.pythonMemoryLimitMb ?? 768) * 1024 * 1024,
    outputLimitBytes: limits.outputLimitBytes,
    busy: () => new SandboxBusyError(),
  });

  return {
    run(request) {
      if (closed) return Promise.reject(new Error('The sandbox is closed'));
      if (!ENTRY_POINT.test(request.entryPoint)) {
        return Promise.reject(new Error('entryPoint must be a function name'));
      }
      if (request.language === 'python') return python.run(request);
      if (broken) return Promise.reject(broken);
      if (queue.length >= queueLimit) return Promise.reject(new SandboxBusyError());
      return new Promise<SubmissionResult>((resolve, reject) => {
        queue.push({ id: nextId++, request, resolve, reject });
        pump();
      });
    },
    stats() {
      return {
        busy: slots.filter((s) => s.job).length,
        queued: queue.length,
        workers: slots.length,
        python: python.stats(),
      };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The sandbox is closed'));
      await Promise.all([...slots.map((s) => s.worker.terminate()), python.close()]);
    },
  };
}
