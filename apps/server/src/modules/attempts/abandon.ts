import { ATTEMPT_IDLE_HOURS, UNFINISHED_STATUSES } from '@candor/shared';
import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviewMessages, interviews } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import type { LoopOptions } from '../../platform/scheduler';
import { removeUnanswered } from '../interviews';

/**
 * Unfinished attempts (scheduled or in progress) that nobody touched for ATTEMPT_IDLE_HOURS are
 * closed as abandoned: status cancelled, reason 'abandoned' (decision 012); one nobody answered
 * is removed instead, being no history (decision 038), as Discard does. "Touched" means a change
 * to the attempt row (start, engine state, a live channel open on it) or a message stored.
 */

export interface SweepOptions {
  /** How long an attempt may sit untouched. */
  idleMs: number;
  /** Time between sweeps. */
  everyMs: number;
  /** At most this many attempts closed per sweep (one short transaction). */
  batch: number;
  /** A full batch means more are waiting: the next sweep comes this soon. */
  backlogEveryMs: number;
  /** Each statement of a sweep is cancelled by the database after this long. */
  timeoutMs: number;
}

export const SWEEP_DEFAULTS: SweepOptions = {
  idleMs: ATTEMPT_IDLE_HOURS * 3_600_000,
  everyMs: 10 * 60_000,
  batch: 200,
  backlogEveryMs: 1_000,
  timeoutMs: 15_000,
};

export interface SweepDeps {
  db: Db;
  log: Logger;
  now: () => Date;
}

/**
 * One sweep: closes (or, unanswered, removes) at most `batch` idle attempts, oldest first, and
 * answers which (with their owners, whose cached reads are now stale). Safe with several processes on one PostgreSQL: the
 * rows are locked with SKIP LOCKED, so two sweeps never take the same attempt and a sweep never
 * waits behind a live turn (which holds the row lock); the second statement runs after the locks
 * are held, so a message stored just before still keeps its attempt open.
 */
export async function sweepAbandoned(
  deps: SweepDeps,
  options: Pick<SweepOptions, 'idleMs' | 'batch' | 'timeoutMs'> = SWEEP_DEFAULTS,
): Promise<{ id: string; userId: string }[]> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - options.idleMs);
  const noRecentMessage = sql`not exists (select 1 from ${interviewMessages} m where m.interview_id = ${interviews.id} and m.created_at >= ${cutoff})`;
  const idle = and(
    inArray(interviews.status, [...UNFINISHED_STATUSES]),
    lt(interviews.updatedAt, cutoff),
    noRecentMessage,
  );
  return deps.db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`set local statement_timeout = ${Math.max(1, Math.trunc(options.timeoutMs))}`),
    );
    const picked = await tx
      .select({ id: interviews.id })
      .from(interviews)
      .where(idle)
      .orderBy(asc(interviews.updatedAt))
      .limit(options.batch)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    const ids = picked.map((p) => p.id);
    const closed = await tx
      .update(interviews)
      .set({ status: 'cancelled', cancelReason: 'abandoned', updatedAt: now })
      .where(and(inArray(interviews.id, ids), idle, isNotNull(interviews.answeredAt)))
      .returning({ id: interviews.id, userId: interviews.userId });
    const stillIdle = await tx
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(inArray(interviews.id, ids), idle));
    const removed = await removeUnanswered(
      tx,
      stillIdle.map((r) => r.id),
    );
    return [...closed, ...removed];
  });
}

/**
 * The sweep as a background loop (platform/scheduler.ts): once at start-up, then every `everyMs`,
 * sooner while a backlog remains; in one process at a time (SKIP LOCKED already keeps two sweeps
 * from taking the same attempt; the lock keeps them from doing the same work twice).
 */
export function abandonSweep(
  deps: SweepDeps & { onAbandoned?: (closed: { id: string; userId: string }[]) => void },
  options: SweepOptions = SWEEP_DEFAULTS,
): LoopOptions {
  return {
    name: 'idle attempts',
    everyMs: options.everyMs,
    exclusive: true,
    run: async () => {
      const closed = await sweepAbandoned(deps, options);
      if (closed.length > 0) {
        deps.log.info({ count: closed.length }, 'closed idle attempts as abandoned');
        deps.onAbandoned?.(closed);
      }
      return closed.length >= options.batch ? options.backlogEveryMs : undefined;
    },
  };
}
