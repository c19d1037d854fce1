import { and, asc, eq, sql } from 'drizzle-orm';
import type { ConversationMessage, InterviewDetail, ReportStatus } from '@candor/shared';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, reports, type MessageMeta } from '../../db/schema';
import { elapsedMs, type CompletionInput } from '../../engine/completion';
import { readEngineState, flowOf } from '../../engine/state';
import { forbidden, notFound } from '../../platform/errors';
import { clockOf } from './clock';
import { lockAttemptRow } from './lock';

export type InterviewRow = typeof interviews.$inferSelect;
export type MessageRow = typeof interviewMessages.$inferSelect;
/** A transaction or the database: both run the same queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot be an attempt's is not found (never a database error about its syntax). */
export function assertAttemptId(id: string) {
  if (!UUID.test(id)) throw notFound('Interview not found');
}

export function assertOwner(row: InterviewRow | undefined, userId: string): InterviewRow {
  if (!row) throw notFound('Interview not found');
  if (row.userId !== userId) throw forbidden('This interview belongs to another user');
  return row;
}

/** The attempt by id, whoever owns it (background work: its report job). */
export async function findAttempt(db: Tx, id: string): Promise<InterviewRow | undefined> {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id));
  return row;
}

/** The attempt, checked to belong to the user (404 when missing, 403 when someone else's). */
export async function loadOwned(db: Tx, userId: string, id: string): Promise<InterviewRow> {
  assertAttemptId(id);
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).limit(1);
  return assertOwner(row, userId);
}

/** Same, holding a row lock until the transaction ends: turns of one attempt run one at a time. */
export async function lockOwned(tx: Tx, userId: string, id: string): Promise<InterviewRow> {
  assertAttemptId(id);
  return assertOwner(await lockAttemptRow(tx, id), userId);
}

export async function loadMessages(db: Tx, interviewId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(interviewMessages)
    .where(eq(interviewMessages.interviewId, interviewId))
    .orderBy(asc(interviewMessages.seq));
}

export async function findMessage(tx: Tx, id: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(interviewMessages)
    .where(eq(interviewMessages.id, id))
    .limit(1);
  return row;
}

/** Appends a message at the end of the conversation (call inside the row lock). */
export async function appendMessage(
  tx: Tx,
  interviewId: string,
  message: {
    id: string;
    speaker: 'AI' | 'User';
    message: string;
    meta: MessageMeta;
    timestamp?: Date;
  },
): Promise<MessageRow> {
  // The next position is computed by the insert itself: one round trip less per message.
  const [row] = await tx
    .insert(interviewMessages)
    .values({
      id: message.id,
      interviewId,
      seq: sql<number>`(select coalesce(max(m.seq), 0) + 1 from ${interviewMessages} m where m.interview_id = ${interviewId})`,
      speaker: message.speaker,
      message: message.message,
      meta: message.meta,
      timestamp: message.timestamp ?? new Date(),
    })
    .returning();
  return row!;
}

/**
 * Records what the candidate heard of an interviewer message they cut off (meta.heard); the
 * message itself is kept whole. Null when there is no such interviewer message in the attempt.
 */
export async function setHeard(
  db: Tx,
  interviewId: string,
  messageId: string,
  heard: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(interviewMessages)
    .set({ meta: sql`${interviewMessages.meta} || jsonb_build_object('heard', ${heard}::text)` })
    .where(
      and(
        eq(interviewMessages.id, messageId),
        eq(interviewMessages.interviewId, interviewId),
        eq(interviewMessages.speaker, 'AI'),
      ),
    )
    .returning();
  return row;
}

export function toConversationMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    seq: row.seq,
    speaker: row.speaker,
    message: row.message,
    timestamp: row.timestamp.toISOString(),
    meta: row.meta,
  };
}

export async function reportSummary(db: Tx, interviewId: string) {
  const [row] = await db
    .select({ status: reports.status, overallScore: reports.overallScore })
    .from(reports)
    .where(eq(reports.interviewId, interviewId))
    .limit(1);
  return row ?? null;
}

/** The attempt as its owner reads it at `now` (the interview time counted by then included). */
export function toDetail(
  row: InterviewRow,
  messages: MessageRow[],
  report: { status: ReportStatus; overallScore: number | null } | null,
  now: Date,
): InterviewDetail {
  const state = readEngineState(row.engineState);
  return {
    id: row.id,
    roomId: row.roomId,
    status: row.status,
    cancelReason: row.status === 'cancelled' ? (row.cancelReason ?? null) : null,
    title: row.title,
    categoryName: row.categoryName,
    difficulty: row.difficulty,
    type: row.type,
    flow: flowOf(row.type),
    duration: row.duration,
    topics: row.topics,
    questionCount: row.questions.length,
    interviewSetId: row.interviewSetId,
    interviewSet: { title: row.title, category: { name: row.categoryName } },
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    elapsedMs: Math.round(elapsedMs(clockOf(row), now)),
    engineCompleted: state.completed,
    completionReason: state.completionReason,
    keepRecordings: row.keepRecordings,
    interviewerStyle: row.interviewerStyle,
    followUpDepth: row.followUpDepth,
    tailored: row.tailored
      ? {
          role: row.tailored.requirements.role,
          required: row.tailored.requirements.required,
          niceToHave: row.tailored.requirements.niceToHave,
        }
      : null,
    conversation: messages.map(toConversationMessage),
    report,
    checkUntil: row.checkUntil?.toISOString() ?? null,
  };
}

export async function loadDetail(db: Tx, row: InterviewRow, now: Date): Promise<InterviewDetail> {
  const [messages, report] = await Promise.all([
    loadMessages(db, row.id),
    reportSummary(db, row.id),
  ]);
  return toDetail(row, messages, report, now);
}

/** `GET /api/interview/:id`: the owner's attempt with its conversation and report status. */
export async function getInterview(
  db: Tx,
  userId: string,
  id: string,
  now: Date,
): Promise<InterviewDetail> {
  return loadDetail(db, await loadOwned(db, userId, id), now);
}

/** What the engine decides completion on (engine/completion.ts), read from the attempt. */
export function completionOf(row: InterviewRow, now: Date): CompletionInput {
  return {
    flow: flowOf(row.type),
    questionCount: row.questions.length,
    durationMinutes: row.duration,
    clock: clockOf(row),
    now,
    state: readEngineState(row.engineState),
  };
}
