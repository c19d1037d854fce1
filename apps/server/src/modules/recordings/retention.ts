import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordings } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import type { LoopOptions } from '../../platform/scheduler';
import type { RecordingStore } from './store/store';

/**
 * The retention sweep (issue 14): recordings older than RECORDINGS_RETENTION_DAYS are deleted,
 * their objects first and their rows after, so a sweep cut off half-way leaves rows that the next
 * one finds again (deleting an object that is already gone is no error). Built like the idle
 * attempts' sweep (attempts/abandon.ts): a batch per sweep, each statement bounded by a timeout,
 * a sweep bounded in time, run by the one scheduler (platform/scheduler.ts) in one process at a
 * time; were two to sweep together, each deletion is idempotent, and a row is deleted only if it
 * still holds the key swept.
 */
export interface RetentionOptions {
  /** How long a recording is kept. */
  retentionMs: number;
  /** Time between sweeps. */
  everyMs: number;
  /** At most this many recordings per batch. */
  batch: number;
  /** A sweep stops starting batches after this long (the rest waits for the next sweep). */
  lifetimeMs: number;
  /** A full batch means more are waiting: the next sweep comes this soon. */
  backlogEveryMs: number;
  /** Each statement of a sweep is cancelled by the database after this long. */
  timeoutMs: number;
}

export function retentionOptions(days: number): RetentionOptions {
  return {
    retentionMs: days * 86_400_000,
    everyMs: 60 * 60_000,
    batch: 200,
    lifetimeMs: 60_000,
    backlogEveryMs: 1_000,
    timeoutMs: 15_000,
  };
}

export interface RetentionDeps {
  db: Db;
  store: RecordingStore;
  log: Logger;
  now: () => Date;
}

/** One batch: deletes at most `batch` expired recordings; answers how many went and their owners. */
async function sweepBatch(
  deps: RetentionDeps,
  options: Pick<RetentionOptions, 'retentionMs' | 'batch' | 'timeoutMs'>,
): Promise<{ deleted: number; userIds: string[]; full: boolean }> {
  const cutoff = new Date(deps.now().getTime() - options.retentionMs);
  const expired = await deps.db.transaction(async (tx) => {
    await tx.execute(
      // Inlined: a SET cannot take a bound parameter; the value is a whole number of ours.
      sql.raw(`set local statement_timeout = ${Math.max(1, Math.trunc(options.timeoutMs))}`),
    );
    return tx
      .select({ id: recordings.id, key: recordings.storageKey, userId: recordings.userId })
      .from(recordings)
      .where(lt(recordings.createdAt, cutoff))
      .orderBy(asc(recordings.createdAt))
      .limit(options.batch);
  });
  if (expired.length === 0) return { deleted: 0, userIds: [], full: false };
  await deps.store.delete(expired.map((e) => e.key));
  const gone = await deps.db
    .delete(recordings)
    .where(
      and(
        inArray(
          recordings.id,
          expired.map((e) => e.id),
        ),
        // A recording replaced meanwhile has a new key and a new date: it stays.
        inArray(
          recordings.storageKey,
          expired.map((e) => e.key),
        ),
      ),
    )
    .returning({ userId: recordings.userId });
  return {
    deleted: gone.length,
    userIds: [...new Set(gone.map((g) => g.userId))],
    full: expired.length >= options.batch,
  };
}

/**
 * One sweep: batches until none is full or `lifetimeMs` has passed. Answers how many recordings
 * went, and whether a backlog remains.
 */
export async function sweepExpiredRecordings(
  deps: RetentionDeps,
  options: Omit<RetentionOptions, 'everyMs' | 'backlogEveryMs'>,
): Promise<{ deleted: number; backlog: boolean }> {
  const until = Date.now() + options.lifetimeMs;
  let deleted = 0;
  for (;;) {
    const batch = await sweepBatch(deps, options);
    deleted += batch.deleted;
    if (!batch.full) return { deleted, backlog: false };
    if (Date.now() >= until) return { deleted, backlog: true };
  }
}

/**
 * The sweep as a background loop (platform/scheduler.ts): at start-up, then every `everyMs`,
 * sooner while a backlog remains, in one process at a time.
 */
export function retentionSweep(deps: RetentionDeps, options: RetentionOptions): LoopOptions {
  return {
    name: 'recordings retention',
    everyMs: options.everyMs,
    exclusive: true,
    run: async () => {
      const { deleted, backlog } = await sweepExpiredRecordings(deps, options);
      if (deleted > 0) deps.log.info({ count: deleted }, 'deleted recordings past their retention');
      return backlog ? options.backlogEveryMs : undefined;
    },
  };
}
