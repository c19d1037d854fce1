import type { CodingLanguage, RunOptions, SubmissionRequest, SubmissionResult } from './protocol';

/**
 * The sandbox's fair queue (issue 24, decision 031). Each candidate has at most one run going and
 * `perOwnerWaiting` waiting; when a runner frees up, the waiting candidate served least recently
 * goes next (candidates in turn, not submissions in order), so one candidate's loops delay another
 * by at most the run already going. A waiting run whose request was abandoned is dropped at once;
 * one whose attempt ended is dropped when its turn comes (`stillWanted`).
 */

export class SandboxBusyError extends Error {
  constructor() {
    super('The code runner is busy: please try again in a moment');
    this.name = 'SandboxBusyError';
  }
}

/** One candidate asked for more than their share: a run going and `waiting` more. */
export class CandidateBusyError extends Error {
  constructor(readonly waiting: number) {
    super(
      `You already have a run going and ${waiting} waiting: wait for their results before running more code`,
    );
    this.name = 'CandidateBusyError';
  }
}

/** A waiting run that was not started: its request was abandoned, or its attempt ended. */
export class RunDroppedError extends Error {
  constructor(readonly reason: 'abandoned' | 'not-wanted') {
    super(
      reason === 'abandoned'
        ? 'The run was dropped: its request was closed'
        : 'The run was dropped: its attempt has ended',
    );
    this.name = 'RunDroppedError';
  }
}

/** What runs one language's submissions: at most `capacity` at once (the scheduler sees to it). */
export interface Lane {
  capacity: number;
  execute(request: SubmissionRequest): Promise<SubmissionResult>;
}

interface Waiting {
  request: SubmissionRequest;
  options: RunOptions;
  resolve: (result: SubmissionResult) => void;
  reject: (err: Error) => void;
  detach: () => void;
}

interface Owner {
  running: number;
  waiting: Waiting[];
  /** When this candidate's last run started (a counter): the smallest goes next. */
  served: number;
}

export interface SchedulerOptions {
  lanes: Record<CodingLanguage, Lane>;
  /** Runs one candidate may have waiting besides the one going. */
  perOwnerWaiting: number;
  /** Runs waiting in all: past it, SandboxBusyError. */
  queueLimit: number;
}

export function createScheduler(options: SchedulerOptions) {
  const owners = new Map<string, Owner>();
  const running: Record<CodingLanguage, number> = { javascript: 0, python: 0 };
  let queued = 0;
  let served = 0;
  let closed = false;

  function forget(id: string, owner: Owner) {
    if (owner.running === 0 && owner.waiting.length === 0) owners.delete(id);
  }

  /** Starts what can start: per free lane, the waiting candidate served least recently. */
  function dispatch() {
    for (;;) {
      let next: [string, Owner] | null = null;
      for (const entry of owners) {
        const owner = entry[1];
        if (owner.running > 0 || owner.waiting.length === 0) continue;
        const language = owner.waiting[0]!.request.language;
        if (running[language] >= options.lanes[language].capacity) continue;
        if (!next || owner.served < next[1].served) next = entry;
      }
      if (!next) return;
      start(next[0], next[1]);
    }
  }

  function start(id: string, owner: Owner) {
    const job = owner.waiting.shift()!;
    job.detach();
    queued--;
    owner.running++;
    owner.served = ++served;
    const language = job.request.language;
    running[language]++;
    void (async () => {
      try {
        if (job.options.stillWanted && !(await job.options.stillWanted())) {
          throw new RunDroppedError('not-wanted');
        }
        job.resolve(await options.lanes[language].execute(job.request));
      } catch (err) {
        job.reject(err instanceof Error ? err : new Error(String(err)));
      } finally {
        owner.running--;
        running[language]--;
        forget(id, owner);
        if (!closed) dispatch();
      }
    })();
  }

  return {
    submit(request: SubmissionRequest, runOptions: RunOptions): Promise<SubmissionResult> {
      if (closed) return Promise.reject(new Error('The sandbox is closed'));
      const { owner: id, signal } = runOptions;
      if (signal?.aborted) return Promise.reject(new RunDroppedError('abandoned'));
      const owner = owners.get(id) ?? { running: 0, waiting: [], served: 0 };
      if (owner.running + owner.waiting.length > options.perOwnerWaiting) {
        return Promise.reject(new CandidateBusyError(options.perOwnerWaiting));
      }
      if (queued >= options.queueLimit) return Promise.reject(new SandboxBusyError());
      owners.set(id, owner);
      return new Promise<SubmissionResult>((resolve, reject) => {
        const onAbort = () => {
          const at = owner.waiting.indexOf(job);
          if (at < 0) return;
          owner.waiting.splice(at, 1);
          queued--;
          forget(id, owner);
          reject(new RunDroppedError('abandoned'));
        };
        const job: Waiting = {
          request,
          options: runOptions,
          resolve,
          reject,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        owner.waiting.push(job);
        queued++;
        dispatch();
      });
    },
    stats() {
      return { running: { ...running }, queued, candidates: owners.size };
    },
    /** Refuses what waits; what runs is the lanes' to end. */
    close() {
      closed = true;
      for (const [id, owner] of owners) {
        for (const job of owner.waiting.splice(0)) {
          job.detach();
          job.reject(new Error('The sandbox is closed'));
        }
        forget(id, owner);
      }
      queued = 0;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
