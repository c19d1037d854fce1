import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, session, user, type MessageMeta } from '../../db/schema';
import type { EngineState } from '../../engine/state';
import type { SessionState } from '../../platform/auth/session-states';
import {
  assertAttemptId,
  assertOwner,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from '../interviews';

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

/** What `lockTurn` reads besides the attempt, each in the same statement (no round trip more). */
export interface LockReads {
  /** A message id: whether it is stored already, and where (a re-sent answer). */
  messageId?: string;
  /** The live socket's session: a turn is never taken from one that is over (modules/live/connection.ts). */
  sessionId?: string;
  /** The whole conversation, in order (the turn that goes on to ask the provider needs it). */
  conversation?: boolean;
}

export interface LockedTurn {
  row: InterviewRow;
  owed: Owed;
  lastSeq: number;
  /** With `messageId`: where that message is stored, if it is. */
  existing?: { interviewId: string; seq: number } | null;
  /** With `sessionId`. */
  session?: SessionState;
  /** With `conversation`. */
  conversation?: MessageRow[];
}

/** A message as `row_to_json` writes it (snake_case, timestamps as text). */
interface MessageJson {
  id: string;
  interview_id: string;
  seq: number;
  speaker: MessageRow['speaker'];
  message: string;
  timestamp: string;
  meta: MessageRow['meta'];
  created_at: string;
}

const fromJson = (m: MessageJson): MessageRow => ({
  id: m.id,
  interviewId: m.interview_id,
  seq: m.seq,
  speaker: m.speaker,
  message: m.message,
  timestamp: new Date(m.timestamp),
  meta: m.meta,
  createdAt: new Date(m.created_at),
});

/**
 * The attempt, row-locked until the transaction ends (turns of one attempt run one at a time
 * across processes), with the state of the reply it owes and the position of its last message,
 * in one statement; on request the same statement also says whether a message id is taken, what
 * the socket's session is and the whole conversation: an answered turn's reads are one round trip.
 * The lease is compared with the database's clock, so processes on machines whose clocks differ
 * agree.
 */
export async function lockTurn(
  tx: Tx,
  userId: string,
  id: string,
  reads: LockReads = {},
): Promise<LockedTurn> {
  assertAttemptId(id);
  const none = sql`null`;
  const [found] = await tx
    .select({
      row: interviews,
      held: sql<boolean>`coalesce(${interviews.replyLeaseUntil} > now(), false)`,
      lastSeq: sql<number>`(select coalesce(max(m.seq), 0) from ${interviewMessages} m where m.interview_id = ${id})`,
      existing:
        reads.messageId === undefined
          ? none
          : sql<{
              interview_id: string;
              seq: number;
            } | null>`(select json_build_object('interview_id', m.interview_id, 'seq', m.seq) from ${interviewMessages} m where m.id = ${reads.messageId})`,
      session:
        reads.sessionId === undefined
          ? none
          : sql<SessionState | null>`(select case when u.status <> 'active' then 'disabled' when s.expires_at > now() then 'active' else 'ended' end from ${session} s join ${user} u on u.id = s.user_id where s.id = ${reads.sessionId})`,
      conversation: reads.conversation
        ? sql<
            MessageJson[]
          >`(select coalesce(json_agg(m order by m.seq), '[]'::json) from ${interviewMessages} m where m.interview_id = ${id})`
        : none,
    })
    .from(interviews)
    .where(eq(interviews.id, id))
    .for('update')
    .limit(1);
  const row = assertOwner(found?.row, userId);
  const owed: Owed = row.replyClaim === null ? 'none' : found!.held ? 'held' : 'expired';
  const locked: LockedTurn = { row, owed, lastSeq: Number(found!.lastSeq) };
  if (reads.messageId !== undefined) {
    const existing = found!.existing as { interview_id: string; seq: number } | null;
    locked.existing = existing && { interviewId: existing.interview_id, seq: existing.seq };
  }
  if (reads.sessionId !== undefined) locked.session = (found!.session as SessionState) ?? 'ended';
  if (reads.conversation) {
    locked.conversation = (found!.conversation as unknown as MessageJson[]).map(fromJson);
  }
  return locked;
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

/**
 * The candidate's answer stored at `seq` and the claim on its reply taken, in one statement
 * (inside the row lock, where `seq` is the next position): every answered topic turn does both,
 * and as two statements they were one round trip in six of the turn's (decision 028). The
 * attempt is answered from its first (decision 038).
 */
export async function appendAnswerClaimingReply(
  tx: Tx,
  interviewId: string,
  seq: number,
  answer: { id: string; message: string; meta: MessageMeta; timestamp: Date },
): Promise<{ message: MessageRow; claim: ReplyClaim }> {
  const claim = { id: randomUUID(), after: seq };
  const at = new Date();
  await tx.execute(sql`
    with claimed as (
      update ${interviews}
      set reply_claim = ${claim.id}, reply_after = ${seq}::integer, reply_lease_until = ${leaseFromNow()},
        updated_at = ${at.toISOString()}::timestamptz,
        answered_at = coalesce(answered_at, ${answer.timestamp.toISOString()}::timestamptz)
      where ${interviews.id} = ${interviewId}
    )
    insert into ${interviewMessages}
      (id, interview_id, seq, speaker, message, timestamp, meta, created_at)
    values (${answer.id}::text, ${interviewId}::uuid, ${seq}::integer, 'User', ${answer.message}::text,
      ${answer.timestamp.toISOString()}::timestamptz, ${JSON.stringify(answer.meta)}::jsonb,
      ${at.toISOString()}::timestamptz)`);
  const message: MessageRow = {
    id: answer.id,
    interviewId,
    seq,
    speaker: 'User',
    message: answer.message,
    timestamp: answer.timestamp,
    meta: answer.meta,
    createdAt: at,
  };
  return { message, claim };
}

/**
 * Words that went on from an answer (live protocol `continues`, decision 037), in one statement
 * inside the row lock: the answer takes its new text and meta (the words appended, the frame's
 * id in `joined`), every interviewer line after it that has no `heard` yet is marked as not heard
 * at all (`heard: ''`: the client said so by sending `continues`), and, when `claimAfter` is
 * given, the claim on the reply to the whole answer is taken, at the last position. One round
 * trip, as the answer and its claim are for an ordinary answer (decision 028).
 */
export async function joinAnswerClaimingReply(
  tx: Tx,
  interviewId: string,
  answer: { id: string; seq: number; message: string; meta: MessageMeta },
  claimAfter: number | null,
): Promise<ReplyClaim | null> {
  const claim = claimAfter === null ? null : { id: randomUUID(), after: claimAfter };
  const at = new Date().toISOString();
  await tx.execute(sql`
    with answer as (
      update ${interviewMessages} set message = ${answer.message}::text,
        meta = ${JSON.stringify(answer.meta)}::jsonb
      where id = ${answer.id}::text and interview_id = ${interviewId}::uuid
    ), unheard as (
      update ${interviewMessages} set meta = meta || jsonb_build_object('heard', '')
      where interview_id = ${interviewId}::uuid and seq > ${answer.seq}::integer
        and speaker = 'AI' and meta->'heard' is null
    )
    update ${interviews} set updated_at = ${at}::timestamptz${
      claim
        ? sql`, reply_claim = ${claim.id}, reply_after = ${claim.after}::integer,
          reply_lease_until = ${leaseFromNow()}`
        : sql``
    }
    where ${interviews.id} = ${interviewId}`);
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
 * Stores the claimed reply right after the message it answers, in one statement: releasing the
 * claim (which takes the row lock) succeeds only while the claim holds, and the reply is inserted
 * only from the row that release returned. Null (nothing stored) when the claim was taken over or
 * the attempt discarded. One round trip where a transaction took four: every answered turn stores
 * one reply. (Drizzle's builders do not write an insert fed by an update, hence the SQL.) A reply
 * that ends the interview writes the engine's completed state in the same update (issue 27): the
 * goodbye and the completion are stored together or not at all.
 */
export async function storeClaimedReply(
  db: Db,
  userId: string,
  interviewId: string,
  claim: ReplyClaim,
  reply: { text: string; meta: MessageMeta },
  /** The engine's state after this reply, when the reply changes it (a goodbye completes it). */
  engineState?: EngineState,
): Promise<MessageRow | null> {
  const at = new Date();
  const state = engineState ? sql`, engine_state = ${JSON.stringify(engineState)}::jsonb` : sql``;
  const result = await db.execute(sql`
    with released as (
      update ${interviews}
      set reply_claim = null, reply_after = null, reply_lease_until = null,
        updated_at = ${at.toISOString()}::timestamptz${state}
      where ${interviews.id} = ${interviewId} and ${interviews.userId} = ${userId}
        and ${interviews.replyClaim} = ${claim.id}
      returning ${interviews.id}
    )
    insert into ${interviewMessages}
      (id, interview_id, seq, speaker, message, timestamp, meta, created_at)
    select ${claim.id}::text, released.id, ${claim.after + 1}::integer, 'AI', ${reply.text}::text,
      ${at.toISOString()}::timestamptz, ${JSON.stringify(reply.meta)}::jsonb,
      ${at.toISOString()}::timestamptz
    from released
    returning seq`);
  // Both drivers answer with `rows` (PGlite's Results, node-postgres's QueryResult).
  if (((result as { rows?: unknown[] }).rows ?? []).length === 0) return null;
  return {
    id: claim.id,
    interviewId,
    seq: claim.after + 1,
    speaker: 'AI',
    message: reply.text,
    timestamp: at,
    meta: reply.meta,
    createdAt: at,
  };
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
