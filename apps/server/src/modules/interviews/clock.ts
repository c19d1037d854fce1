import { ATTEMPT_CLOCK, interviewTimeMs } from '@candor/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviews } from '../../db/schema';
import { clockAt, elapsedMs, type AttemptClock } from '../../engine/completion';
import { readEngineState } from '../../engine/state';
import { lockAttemptRow } from './lock';

type InterviewRow = typeof interviews.$inferSelect;

/**
 * The interview clock in the attempt's row (decision 038; the engine counts it, engine/completion.ts).
 *
 * A live channel holds the clock from its `start` (the arrival) until it closes (the departure);
 * the process that has it open renews the hold every ATTEMPT_CLOCK.renewEveryMs. The hold is read
 * on the wall clock, not the interview's: it says whether a process is still there, which the
 * interview clock of a test (moved forward without waiting) must not change. Every write happens
 * under the attempt's row lock, so two processes (two tabs, a reconnect to another process) never
 * lose each other's time.
 */

type ClockColumns = Pick<InterviewRow, 'startedAt' | 'activeMs' | 'presentAt' | 'presentUntil'>;

/**
 * The wall clock: real time, never the interview's. Read from the performance clock, not `Date`,
 * which a browser spec's own server moves forward (e2e/support/moved-clock.mjs) while the
 * candidate is still in the interview (issue 27's pacing specs): a hold must not run out then.
 */
const wallClock = () => performance.timeOrigin + performance.now();

/** The attempt's clock as the engine reads it, `wallNow` deciding whether a channel still holds it. */
export function clockOf(row: ClockColumns, wallNow = wallClock()): AttemptClock {
  return {
    startedAt: row.startedAt,
    activeMs: Number(row.activeMs),
    presentAt: row.presentAt,
    held: row.presentUntil !== null && row.presentUntil.getTime() > wallNow,
  };
}

/**
 * The attempt's duration (ms) as the report, History, the coach's view and the CSV all say it
 * (issue 28): what its clock counted by its end (or by `now`, not ended), stopped where the
 * interviewer completed the interview and at the set's duration (shared interviewTimeMs).
 */
export function interviewTimeOf(
  row: ClockColumns & Pick<InterviewRow, 'completedAt' | 'duration' | 'engineState'>,
  now: Date,
): number {
  return interviewTimeMs({
    countedMs: elapsedMs(clockOf(row), row.completedAt ?? now),
    durationMinutes: row.duration,
    completedAfterMs: readEngineState(row.engineState).completedAfterMs,
  });
}

/** A hold that lasts ATTEMPT_CLOCK.holdMs from now (wall clock). */
const holdFromNow = () => new Date(wallClock() + ATTEMPT_CLOCK.holdMs);

/**
 * The clock columns after a sign of the candidate at `now`, to write inside the row lock:
 * - `arrived`: a live channel started (or took a turn on) the attempt: the clock runs, held;
 * - `seen`: the candidate acted without a live channel (the REST save): counted so far, the hold
 *   unchanged;
 * - `left`: the channel closed, or the attempt ended or was discarded: the clock stops.
 */
export function clockWrite(
  row: ClockColumns,
  now: Date,
  sign: 'arrived' | 'seen' | 'left',
): Pick<InterviewRow, 'activeMs' | 'presentAt'> & { presentUntil?: Date | null } {
  const next = clockAt(clockOf(row), now, sign === 'left' ? 'gone' : 'here');
  if (sign === 'arrived') return { ...next, presentUntil: holdFromNow() };
  if (sign === 'left') return { ...next, presentUntil: null };
  return next;
}

/**
 * Renews the hold of attempts whose live channels this process has open (their candidates are in
 * the interview): all the time since `present_at` counts, since a channel was open here all along
 * (the engine's rule for a held clock), and the hold runs from now. One statement for all of
 * them; rows a turn has locked are skipped (the turn itself is a sign), and rows are locked in id
 * order, so two processes renewing at once never deadlock. A clock another channel's departure
 * stopped starts again from now.
 */
export async function renewHolds(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const at = now.toISOString();
  const since = sql`greatest(0, floor(extract(epoch from (${at}::timestamptz - ${interviews.presentAt})) * 1000))`;
  await db
    .update(interviews)
    .set({
      activeMs: sql`${interviews.activeMs} + case when ${interviews.presentAt} is null then 0 else ${since} end`,
      presentAt: now,
      presentUntil: holdFromNow(),
      // The candidate is in the interview: activity the idle sweep reads (on the interview clock).
      updatedAt: now,
    })
    .where(
      inArray(
        interviews.id,
        db
          .select({ id: interviews.id })
          .from(interviews)
          .where(and(inArray(interviews.id, [...ids]), eq(interviews.status, 'in_progress')))
          .orderBy(asc(interviews.id))
          .for('update', { skipLocked: true }),
      ),
    );
}

/**
 * The candidate's last live channel of the attempt on this process closed: the clock stops at
 * `now` (under the row lock, waiting for a turn in progress).
 */
export async function releaseHold(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAttemptRow(tx, id);
    if (!row || row.status !== 'in_progress' || row.presentAt === null) return;
    await tx
      .update(interviews)
      .set({ ...clockWrite(row, now, 'left'), updatedAt: now })
      .where(eq(interviews.id, id));
  });
}
