import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { reportContentSchema, type ReportContent } from '@candor/shared';
import { assembleReport, type AssembleOptions } from '../assemble-report';
import type { ReportInput } from '../report-input';
import { aiReportResultSchema, type AiReportResult } from '../report-result';
import { releaseSlot, type WorkerSlot } from '../../platform/worker-slot';
import { builtinReport } from './report';

/**
 * The builtin report off the event loop (decision 052). `builtinReport` is pure and synchronous,
 * and a 40-answer attempt's report is seconds of CPU: on the main thread every live interview of
 * the process would stall that long. So is `assembleReport`, which scores every answer again to
 * hold a model's report to the facts (about 0.9 s of a 40-answer one). Both run here, in a small
 * pool of worker threads started with the first report. What the pool will not do, it refuses
 * with the reason, never by waiting for ever: a queue cap, a time limit per report (the worker is
 * ended and replaced), a heap limit, a worker that dies replaced, and a worker that cannot start
 * three times in a row stops the pool.
 */

/** What reports need of the builtin evaluator: the app's pool, or `evaluatorHere`. */
export interface BuiltinEvaluator {
  report(input: ReportInput): Promise<AiReportResult>;
  assemble(options: AssembleOptions): Promise<ReportContent>;
}

/** The evaluator on the calling thread: for tools and tests that make a report of their own. */
export const evaluatorHere: BuiltinEvaluator = {
  report: async (input) => builtinReport(input),
  assemble: async (options) => assembleReport(options),
};

/** Why a report was not made, as code reads it (never the message's words). */
export type BuiltinReportFailure =
  | 'queue-full'
  | 'time-limit'
  | 'memory-limit'
  | 'stopped'
  | 'malformed'
  | 'evaluator'
  | 'unavailable'
  | 'closed';

/** The refusals whose reason the candidate reads; the others are the server's trouble, logged. */
const SAID_TO_CANDIDATE: ReadonlySet<BuiltinReportFailure> = new Set([
  'queue-full',
  'time-limit',
  'memory-limit',
]);

export class BuiltinReportError extends Error {
  constructor(
    readonly kind: BuiltinReportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BuiltinReportError';
  }

  /** The message may go on the failed report: it names a limit, not the server's insides. */
  get forCandidate(): boolean {
    return SAID_TO_CANDIDATE.has(this.kind);
  }
}

/** What a worker is given to do: the builtin report of an input, or a report result assembled. */
export type ReportTask =
  { type: 'report'; input: ReportInput } | { type: 'assemble'; options: AssembleOptions };

/** Host to worker: one task. */
export type ReportToWorker = ReportTask & { id: number };

/** Worker to host, as the worker means it; the host trusts none of it (fromWorker below). */
export type ReportFromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: AiReportResult | ReportContent }
  | { type: 'failed'; id: number; error: string };

/** A worker's messages are input from outside: checked before anything is read of them. */
const fromWorker = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('done'), id: z.number().int(), result: z.unknown() }),
  z.object({ type: z.literal('failed'), id: z.number().int(), error: z.string().max(2_000) }),
]);

export const REPORT_WORKERS_MAX = 4;
/** Reports waiting for a worker beyond the ones being made: a class of 30 ending at once fits. */
export const REPORT_QUEUE_MAX = 64;
/** A 40-answer report takes about 3 s; twenty times that is a worker gone wrong. */
export const REPORT_TIME_LIMIT_MS = 60_000;
/** The language model and word vectors hold about 40 MB of heap (and 70 MB outside it): headroom. */
export const REPORT_HEAP_MB = 512;
/** Workers that die before they are ready this many times in a row: the pool cannot start. */
const START_FAILURES_MAX = 3;

/** The worker's file: its TypeScript source through tsx (tests, dev), the bundle's sibling in dist. */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./report-worker-source.mjs', import.meta.url)
    : new URL('./report-worker.js', import.meta.url);
}

export interface ReportPoolOptions {
  /** BUILTIN_REPORT_WORKERS: 1 to 4. */
  workers: number;
  queueMax?: number;
  timeLimitMs?: number;
  heapMb?: number;
  /** Tests only: a worker with faults (test/report-worker-faults.mjs). */
  workerFile?: URL;
}

/** The shape each task's answer must have before the host uses it. */
const ANSWERS = { report: aiReportResultSchema, assemble: reportContentSchema };

interface Job {
  id: number;
  task: ReportTask;
  resolve: (result: unknown) => void;
  reject: (err: BuiltinReportError) => void;
}

type Slot = WorkerSlot<Job>;

export function createReportPool(options: ReportPoolOptions): BuiltinEvaluator & {
  stats(): { workers: number; busy: number; waiting: number };
  close(): Promise<void>;
} {
  const size = Math.min(REPORT_WORKERS_MAX, Math.max(1, Math.floor(options.workers) || 1));
  const queueMax = options.queueMax ?? REPORT_QUEUE_MAX;
  const timeLimitMs = options.timeLimitMs ?? REPORT_TIME_LIMIT_MS;
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;
  let startFailures = 0;
  let broken: BuiltinReportError | null = null;

  /** Ends the slot's report one way or the other, and gives the next waiting one a worker. */
  function settle(slot: Slot, outcome: { result: unknown } | { error: BuiltinReportError }) {
    const job = releaseSlot(slot);
    if (!job) return;
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.result);
    pump();
  }

  /** Takes a worker out of the pool (before anything else: no report is given to it) and replaces it. */
  function retire(slot: Slot) {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    if (!closed && !broken) slots.push(spawn());
  }

  /** A worker that cannot be trusted with another report: its report fails, it is ended. */
  function discard(slot: Slot, error: BuiltinReportError) {
    retire(slot);
    settle(slot, { error });
    void slot.worker.terminate();
  }

  function spawn(): Slot {
    const worker = new Worker(options.workerFile ?? workerFile(), {
      // The host's heap stays the host's: a worker gone wild is ended, not the process.
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? REPORT_HEAP_MB },
    });
    const slot: Slot = { worker, job: null, timer: null };
    let started = false;
    let failure: BuiltinReportError | null = null;
    worker.on('message', (raw: unknown) => {
      const message = fromWorker.safeParse(raw);
      if (!message.success) {
        return discard(
          slot,
          new BuiltinReportError('malformed', 'The report worker answered in an unknown shape'),
        );
      }
      if (message.data.type === 'ready') {
        started = true;
        startFailures = 0;
        return;
      }
      // A message about another report than the one it was given: nothing to settle.
      if (!slot.job || message.data.id !== slot.job.id) return;
      if (message.data.type === 'failed') {
        return settle(slot, {
          error: new BuiltinReportError(
            'evaluator',
            `The builtin evaluator failed: ${message.data.error}`,
          ),
        });
      }
      const result = ANSWERS[slot.job.task.type].safeParse(message.data.result);
      if (!result.success) {
        return discard(
          slot,
          new BuiltinReportError(
            'malformed',
            'The report worker answered a report in the wrong shape',
          ),
        );
      }
      settle(slot, { result: result.data });
    });
    // An uncaught error or a heap run out: the worker is ending, and its 'exit' follows.
    worker.on('error', (err: Error & { code?: string }) => {
      failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new BuiltinReportError(
              'memory-limit',
              `The report needed more than ${options.heapMb ?? REPORT_HEAP_MB} MB and was stopped`,
            )
          : new BuiltinReportError('stopped', `The report worker stopped: ${err.message}`);
    });
    worker.on('exit', (code) => {
      let error =
        failure ??
        new BuiltinReportError('stopped', `The report worker stopped (exit code ${code})`);
      // Out of the pool before its report is settled, so the next report is not given to it.
      if (slots.includes(slot) && !closed) {
        // A worker that cannot even start is not restarted for ever: what comes is refused, with why.
        if (!started && ++startFailures >= START_FAILURES_MAX) {
          slots.splice(slots.indexOf(slot), 1);
          broken = error = new BuiltinReportError(
            'unavailable',
            `The report worker could not start: ${failure?.message ?? `exit code ${code}`}`,
          );
          for (const job of waiting.splice(0)) job.reject(broken);
        } else {
          retire(slot);
        }
      }
      settle(slot, { error });
    });
    worker.unref();
    return slot;
  }

  /** Gives waiting reports to free workers, starting the workers at the first need. */
  function pump() {
    while (waiting.length > 0 && !closed && !broken) {
      while (slots.length < size) slots.push(spawn());
      const slot = slots.find((s) => !s.job);
      if (!slot) return;
      dispatch(slot, waiting.shift()!);
    }
  }

  function dispatch(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    // The clock counts the worker's start too: a worker that hangs starting fails its report.
    slot.timer = setTimeout(() => {
      discard(
        slot,
        new BuiltinReportError(
          'time-limit',
          `The report took longer than ${Math.round(timeLimitMs / 1000)} s and was stopped`,
        ),
      );
    }, timeLimitMs);
    try {
      // Held until the worker listens: a worker still starting gets it when it is ready.
      slot.worker.postMessage({ ...job.task, id: job.id } satisfies ReportToWorker);
    } catch (err) {
      // An input that cannot be cloned (a function in it): this report's fault, not the worker's.
      settle(slot, {
        error: new BuiltinReportError(
          'malformed',
          `The report input could not be sent: ${err instanceof Error ? err.message : 'unknown'}`,
        ),
      });
    }
  }

  /** Queues a task for a worker, or refuses it with the reason. */
  function run<T>(task: ReportTask): Promise<T> {
    if (closed) {
      return Promise.reject(
        new BuiltinReportError('closed', 'The server is stopping; the report was not made'),
      );
    }
    if (broken) return Promise.reject(broken);
    // Beyond the cap only what would have to wait is refused: a free worker takes it at once.
    const free = slots.length < size || slots.some((s) => !s.job);
    if (waiting.length >= queueMax && !free) {
      return Promise.reject(
        new BuiltinReportError(
          'queue-full',
          `Too many reports are being made at once (${queueMax} waiting); try again in a few minutes`,
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const job = { id: nextId++, task, resolve: resolve as (r: unknown) => void, reject };
      // An assembly finishes a report already under way: first ended, first served.
      const firstReport = waiting.findIndex((j) => j.task.type === 'report');
      if (task.type === 'assemble' && firstReport >= 0) waiting.splice(firstReport, 0, job);
      else waiting.push(job);
      pump();
    });
  }

  return {
    /** The builtin report of `input`, made in a worker; refused with a BuiltinReportError. */
    report: (input: ReportInput) => run<AiReportResult>({ type: 'report', input }),
    /** `assembleReport(options)`, in a worker; refused with a BuiltinReportError. */
    assemble: (options: AssembleOptions) => run<ReportContent>({ type: 'assemble', options }),
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((s) => s.job).length,
      waiting: waiting.length,
    }),
    /** Refuses what waits and ends the workers (the app closes it after its report jobs drained). */
    async close() {
      closed = true;
      const error = new BuiltinReportError(
        'closed',
        'The server is stopping; the report was not made',
      );
      for (const job of waiting.splice(0)) job.reject(error);
      for (const slot of slots) settle(slot, { error });
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
export type ReportPool = ReturnType<typeof createReportPool>;
