import type { Worker } from 'node:worker_threads';

/** One worker of a pool (the code sandbox's, the builtin report's), the job it runs, its clock. */
export interface WorkerSlot<J> {
  worker: Worker;
  job: J | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Frees the slot: its clock stopped, its job taken off it (returned, null when it had none), and
 * the worker unref'd, so an idle worker never keeps the process alive.
 */
export function releaseSlot<J>(slot: WorkerSlot<J>): J | null {
  const job = slot.job;
  if (!job) return null;
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.job = null;
  slot.worker.unref();
  return job;
}
