import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, type MessageMeta } from '../../db/schema';
import {
  assertAttemptId,
  assertOwner,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from './repository';

/**
 * Whose turn it is, decided by the database (decision 018). A topic-based reply is produced
 * outside the attempt's row lock (the AI provider takes seconds), so the turn that owes it takes a
 * claim on the attempt row inside the lock: the id the reply will be stored under, the position of
 * the message it answers, and a lease the producing process renews while it generates. While a
 * claim is held nothing else is added to the conversation, in any process: other turns wait for
 * the reply (or take the claim over once its lease ran out, when its process died). The reply is
 * stored only while its claim still holds, at the position right after the message it answers,
 * which the unique (interview, seq) index makes the database refuse twice: one introduction, one
 * reply per answer, in order.
 */

/** A producing process holds its claim this long without renewing it. */
export const REPLY_LEASE_MS = 10_000;
/** How often the producing process renews its lease while the provider answers. */
export const REPLY_RENEW_MS = 3_000;

export interface ReplyClaim {
  /** The id the reply is stored under. */
  id: string;
  /** The seq of the message it answers (0: the introduction). */
  after: number;
}

/** Nothing owed; owed and its producer's lease is running; owed and the lease ran out. */
export type Owed = 'none' | 'held' | 'expired';

const leaseFromNow = () => sql`now() + ${REPLY_LEASE_MS} * interval '1 millisecond'`;

/**
 * The attempt, row-locked until the transaction ends (turns of one attempt run one at a time
 * across processes), with the state of the reply it owes and the position of its last message,
 * in one statement. The lease is compared with the database's clock, so processes on machines
 * whose clocks differ agree.
 */
export async function lockTurn(
  tx: Tx,
  userId: string,
  id: string,
): Promise<{ row: InterviewRow; owed: Owed; lastSeq: number }> {
  assertAttemptId(id);
  const [found] = await tx
    .select({
      row: interviews,
      held: sql<boolean>`coalesce(${interviews.replyLeaseUntil} > now(), false)`,
      lastSeq: sql<number>`(select coalesce(max(m.seq), 0) from ${interviewMessages} m where m.interview_id = ${id})`,
    })
    .from(interviews)
    .where(eq(interviews.id, id))
    .for('update')
    .limit(1);
  const row = assertOwner(found?.row, userId);
  const owed: Owed = row.replyClaim === null ? 'none' : found!.held ? 'held' : 'expired';
  return { row, owed, lastSeq: Number(found!.lastSeq) };
}

/** Takes the claim on the reply to message `after` (inside the row lock). */
export async function claimReply(tx: Tx, id: string, after: number): Promise<ReplyClaim> {
  const claim = { id: randomUUID(), after };
  await tx
    .update(interviews)
    .set({ replyClaim: claim.id, replyAfter: after, replyLeaseUntil: leaseFromNow() })
    .where(eq(interviews.id, id));
  return claim;
}

/** Nothing is owed any more (the attempt ended or was discarded); inside the row lock. */
export async function clearClaim(tx: Tx, id: string) {
  await tx
    .update(interviews)
    .set({ replyClaim: null, replyAfter: null, replyLeaseUntil: null })
    .where(eq(interviews.id, id));
}

/** Extends the lease while the provider answers; false when the claim was taken over. */
export async function renewClaim(db: Db, id: string, claim: ReplyClaim): Promise<boolean> {
  const renewed = await db
    .update(interviews)
    .set({ replyLeaseUntil: leaseFromNow() })
    .where(and(eq(interviews.id, id), eq(interviews.replyClaim, claim.id)))
    .returning({ id: interviews.id });
  return renewed.length > 0;
}

/** Gives a claim up early (its reply could not be stored), so nobody waits for its lease. */
export async function releaseClaim(db: Db, id: string, claim: ReplyClaim) {
  await db
    .update(interviews)
    .set({ replyClaim: null, replyAfter: null, replyLeaseUntil: null })
    .where(and(eq(interviews.id, id), eq(interviews.replyClaim, claim.id)));
}

/**
 * Stores the claimed reply right after the message it answers, in one transaction: releasing the
 * claim (which takes the row lock) succeeds only while the claim holds; then the reply is
 * inserted. Null (nothing stored) when the claim was taken over or the attempt discarded.
 */
export async function storeClaimedReply(
  db: Db,
  userId: string,
  interviewId: string,
  claim: ReplyClaim,
  reply: { text: string; meta: MessageMeta },
): Promise<MessageRow | null> {
  return db.transaction(async (tx) => {
    const held = await tx
      .update(interviews)
      .set({ replyClaim: null, replyAfter: null, replyLeaseUntil: null })
      .where(
        and(
          eq(interviews.id, interviewId),
          eq(interviews.userId, userId),
          eq(interviews.replyClaim, claim.id),
        ),
      )
      .returning({ id: interviews.id });
    if (held.length === 0) return null;
    const [stored] = await tx
      .insert(interviewMessages)
      .values({
        id: claim.id,
        interviewId,
        seq: claim.after + 1,
        speaker: 'AI',
        message: reply.text,
        meta: reply.meta,
        timestamp: new Date(),
      })
      .returning();
    return stored!;
  });
}

/** The message at a position, if any. */
export async function messageAt(
  tx: Tx,
  interviewId: string,
  seq: number,
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(interviewMessages)
    .where(and(eq(interviewMessages.interviewId, interviewId), eq(interviewMessages.seq, seq)))
    .limit(1);
  return row;
}

/**
 * Turns of one attempt run one after another in this process (two sockets, quick answers), so
 * a turn here never waits on a claim this process holds; across processes the claim decides.
 * One queue per app instance: two instances in one test process behave as two processes.
 */
export function createTurnQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(fn);
      const tail = run.catch(() => undefined);
      queues.set(key, tail);
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key);
      });
      return run;
    },
  };
}
export type TurnQueue = ReturnType<typeof createTurnQueue>;
