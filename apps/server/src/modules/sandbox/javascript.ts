import { Worker } from 'node:worker_threads';
import { releaseSlot, type WorkerSlot } from '../../platform/worker-slot';
import { allTests, judge } from './judge';
import type {
  FromWorker,
  RunLimits,
  SubmissionRequest,
  SubmissionResult,
  TestOutcome,
  ToWorker,
} from './protocol';
import type { Lane } from './scheduler';

/**
 * JavaScript submissions (decision 031): QuickJS in a small pool of worker threads. The host
 * gives a worker the inputs, gets each test's outcome as it ends and compares. A test the
 * interpreter's own deadline did not stop (a builtin that never yields) is caught by the host's
 * clock, re-armed at every test: that worker is ended and replaced, the rest of the submission
 * not run. A worker whose heap runs out says so by its error code (ERR_WORKER_OUT_OF_MEMORY).
 */

export class SandboxUnavailableError extends Error {
  constructor(why: string) {
    super(`The code runner could not start: ${why}`);
    this.name = 'SandboxUnavailableError';
  }
}

/** Beyond a test's own limit, before the host ends a worker whose interpreter did not stop. */
const TEST_SLACK_MS = 1_000;
/** Workers that die before they are ready this many times in a row: the runner cannot start. */
const START_FAILURES_MAX = 3;

/** The worker's file: its TypeScript source through tsx (tests, dev), the bundle's sibling in dist. */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker-source.mjs', import.meta.url)
    : new URL('./sandbox-worker.js', import.meta.url);
}

interface Job {
  id: number;
  request: SubmissionRequest;
  outcomes: TestOutcome[];
  started: number;
  resolve: (result: SubmissionResult) => void;
}

interface Slot extends WorkerSlot<Job> {
  ready: Promise<void>;
}

export function createJavaScriptLane(options: { workers: number; limits: RunLimits }) {
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  let startFailures = 0;
  let broken: Error | null = null;

  function finish(slot: Slot, last?: TestOutcome) {
    const job = releaseSlot(slot);
    if (!job) return;
    if (last) job.outcomes.push(last);
    job.resolve(judge(job.request, job.outcomes, performance.now() - job.started));
  }

  /** The host's clock for the test now running: its limit and a little more. */
  function arm(slot: Slot, job: Job) {
    if (slot.timer) clearTimeout(slot.timer);
    const ms = job.request.timeLimitMs + TEST_SLACK_MS;
    slot.timer = setTimeout(() => {
      // Out of the pool before anything else, so no submission is given to a worker being ended.
      retire(slot);
      finish(slot, { kind: 'time-limit', error: 'Time limit exceeded', durationMs: ms });
      void slot.worker.terminate();
    }, ms);
  }

  /** Takes a worker out of the pool and starts its replacement. */
  function retire(slot: Slot) {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    if (!closed) slots.push(spawn());
  }

  function spawn(): Slot {
    const worker = new Worker(workerFile(), {
      // The host's heap stays the host's: a worker gone wild is ended, not the process.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let ready!: () => void;
    let started = false;
    let failure: string | null = null;
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
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (message.type === 'done') return finish(slot);
      if (message.index !== job.outcomes.length) return;
      job.outcomes.push(message.outcome);
      arm(slot, job);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      failure = err.message;
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(slot, {
        kind: memory ? 'memory-limit' : 'error',
        error: memory ? 'Memory limit exceeded' : 'The code runner stopped',
        durationMs: 0,
      });
    });
    worker.on('exit', () => {
      finish(slot, { kind: 'error', error: 'The code runner stopped', durationMs: 0 });
      if (!slots.includes(slot) || closed) return;
      // A worker that cannot even start is not restarted for ever: what comes is refused, with why.
      if (!started && ++startFailures >= START_FAILURES_MAX) {
        slots.splice(slots.indexOf(slot), 1);
        broken = new SandboxUnavailableError(failure ?? 'no reason given');
        return;
      }
      retire(slot);
    });
    worker.unref();
    return slot;
  }

  /** Workers start with the first JavaScript submission: a server may only ever run Python. */
  function start() {
    while (!closed && !broken && slots.length < Math.max(1, options.workers)) slots.push(spawn());
  }

  const lane: Lane = {
    capacity: Math.max(1, options.workers),
    async execute(request) {
      if (closed) throw new Error('The sandbox is closed');
      if (broken) throw broken;
      start();
      // The scheduler never runs more than `capacity`: a slot is free (maybe still starting).
      const slot = slots.find((s) => !s.job);
      if (!slot) return allTests(request, 'error', 'The code runner stopped');
      return new Promise<SubmissionResult>((resolve) => {
        const job: Job = { id: nextId++, request, outcomes: [], started: 0, resolve };
        slot.job = job;
        slot.worker.ref();
        void slot.ready.then(() => {
          if (slot.job !== job) return;
          job.started = performance.now();
          arm(slot, job);
          slot.worker.postMessage({
            type: 'run',
            id: job.id,
            code: request.code,
            entryPoint: request.entryPoint,
            inputs: request.tests.map((t) => t.input),
            timeLimitMs: request.timeLimitMs,
            limits: options.limits,
          } satisfies ToWorker);
        });
      });
    },
  };

  return {
    lane,
    /** Starts the workers ahead of the first submission (a coding question is on screen). */
    prepare: start,
    stats: () => ({ workers: slots.length, busy: slots.filter((s) => s.job).length }),
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
