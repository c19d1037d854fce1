import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiUsage, interviews } from '../../db/schema';

/**
 * What makes an attempt history (decision 038): the candidate's first answer. An attempt nobody
 * answered (a Start and nothing said, a Start left for History) is not counted by History,
 * progress, the coach's view, the administrators' figures or the CSV; Discard and the idle sweep
 * remove it, and Start of the same set goes back to it rather than making another.
 */

/** A transaction or the database (as repository.ts's Tx; this file is below it). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** The attempts that are history: everyone who counts attempts counts through this condition. */
export const answered = (): SQL => isNotNull(interviews.answeredAt);

/** The same condition for hand-written SQL naming the attempts table `alias`. */
export const answeredAs = (alias: string): SQL => sql.raw(`${alias}.answered_at is not null`);

/** Marks the attempt answered (with the answer or run of code that makes it so). */
export async function markAnswered(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(interviews)
    .set({ answeredAt: sql`coalesce(${interviews.answeredAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(interviews.id, id));
}

/**
 * Removes those of `ids` still unanswered, with their conversation (the interviewer's lines) and
 * anything else of theirs; answers which. What their AI calls cost stays counted, as the owner's
 * (an attempt's calls were its owner's already), so the platform's costs do not shrink.
 */
export async function removeUnanswered(
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; userId: string }[]> {
  if (ids.length === 0) return [];
  const unanswered = and(inArray(interviews.id, [...ids]), isNull(interviews.answeredAt));
  await tx
    .update(aiUsage)
    .set({
      userId: sql`(select i.user_id from ${interviews} i where i.id = ${aiUsage.interviewId})`,
      interviewId: null,
    })
    .where(
      inArray(
        aiUsage.interviewId,
        tx.select({ id: interviews.id }).from(interviews).where(unanswered),
      ),
    );
  return tx
    .delete(interviews)
    .where(unanswered)
    .returning({ id: interviews.id, userId: interviews.userId });
}
