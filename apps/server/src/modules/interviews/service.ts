import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  ATTEMPT_LIMITS,
  MESSAGE_LIMIT_MESSAGE,
  TOO_MANY_UNFINISHED_MESSAGE,
  UNFINISHED_STATUSES,
  clampDuration,
  normalizeCreateInterview,
  type CreateInterviewBody,
  type InterviewDetail,
  type UpdateInterviewBody,
} from '@candor/shared';
import type { Db } from '../../db/client';
import {
  categories,
  interviewSets,
  interviews,
  questions,
  user,
  type MessageMeta,
  type QuestionSnapshot,
} from '../../db/schema';
import { answerWindow } from '../../engine/completion';
import { readEngineState } from '../../engine/state';
import { conflict, notFound } from '../../platform/errors';
import {
  assertCanStart,
  chargeFirstAnswer,
  creditsExhausted,
  type CreditPolicy,
} from '../credits/service';
import { UNHEARD, type SessionDeps } from './context';
import { endAttempt, refuseEnd } from './lifecycle';
import { settleOwedReply } from './replies';
import { appendMessage, findMessage, loadDetail, loadOwned } from './repository';
import { clearClaim, lockTurn } from './turns';

/**
 * `POST /api/interview`: a new attempt (status scheduled). With an interviewSetId, the active
 * set's title, category, difficulty, type, topics, prompt and questions are snapshotted, so the
 * attempt stays readable and unchanged when the set is edited or deleted. At most
 * ATTEMPT_LIMITS.unfinishedMax attempts of a candidate are open at once (409 past that).
 */
export async function createInterview(
  db: Db,
  ctx: {
    policy: CreditPolicy;
    now: Date;
    /** COACH_REVIEW_RECORDINGS, which the pre-start screen told the candidate about. */
    coachesMayListen: boolean;
  },
  userId: string,
  body: CreateInterviewBody,
): Promise<{ id: string; roomId: string }> {
  const config = normalizeCreateInterview(body);
  const id = randomUUID();
  let snapshot: Partial<typeof interviews.$inferInsert> = {};
  if (body.interviewSetId) {
    const [set] = await db
      .select({ set: interviewSets, categoryName: categories.name })
      .from(interviewSets)
      .innerJoin(categories, eq(categories.id, interviewSets.categoryId))
      .where(and(eq(interviewSets.id, body.interviewSetId), eq(interviewSets.isActive, true)))
      .limit(1);
    if (!set) throw notFound('Interview set not found');
    const rows = await db
      .select()
      .from(questions)
      .where(eq(questions.interviewSetId, set.set.id))
      .orderBy(asc(questions.order), asc(questions.createdAt));
    const snapshotQuestions: QuestionSnapshot[] = rows.map((q) => ({
      id: q.id,
      questionText: q.questionText,
      expectedAnswer: q.expectedAnswer,
      difficulty: q.difficulty,
      timeLimit: q.timeLimit,
      kind: q.kind,
      keyPoints: q.keyPoints,
      coding: q.coding,
    }));
    snapshot = {
      interviewSetId: set.set.id,
      title: set.set.title,
      categoryName: set.categoryName,
      difficulty: set.set.difficulty,
      type: set.set.type,
      // The set's own duration: sets and attempts share one range (a 10-minute set runs 10).
      duration: clampDuration(set.set.duration),
      topics: set.set.topics,
      followUpDepth: set.set.followUpDepth,
      inviteQuestions: set.set.type === 'fixed' && set.set.inviteQuestions,
      aiPrompt: set.set.aiPrompt,
      setDescription: set.set.description || null,
      questions: set.set.type === 'fixed' ? snapshotQuestions : [],
    };
  }
  await insertAttempt(db, ctx, userId, {
    id,
    title: config.title,
    categoryName: config.category,
    difficulty: config.difficulty,
    type: config.type,
    duration: config.duration,
    topics: config.topics,
    ...snapshot,
  });
  return { id, roomId: `interview-${id}` };
}

/**
 * Inserts a new attempt under the candidate's row lock: refused (403) without a credit left, and
 * (409) past ATTEMPT_LIMITS.unfinishedMax open attempts, counted so that two creates at once count
 * each other. Shared by the catalogue's create and the tailored interview's.
 */
export async function insertAttempt(
  db: Db,
  ctx: { policy: CreditPolicy; now: Date; coachesMayListen: boolean },
  userId: string,
  values: Omit<typeof interviews.$inferInsert, 'userId' | 'roomId' | 'coachesMayListen'> & {
    id: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    // No credit left: refused before anything is created (403), whatever else is open.
    await assertCanStart(tx, ctx.policy, userId, ctx.now);
    const [open] = await tx
      .select({ n: count() })
      .from(interviews)
      .where(
        and(eq(interviews.userId, userId), inArray(interviews.status, [...UNFINISHED_STATUSES])),
      );
    if ((open?.n ?? 0) >= ATTEMPT_LIMITS.unfinishedMax)
      throw conflict(TOO_MANY_UNFINISHED_MESSAGE, 'TOO_MANY_UNFINISHED');
    await tx.insert(interviews).values({
      ...values,
      userId,
      roomId: `interview-${values.id}`,
      coachesMayListen: ctx.coachesMayListen,
    });
  });
}

export async function getInterview(db: Db, userId: string, id: string): Promise<InterviewDetail> {
  return loadDetail(db, await loadOwned(db, userId, id));
}

/**
 * `PUT /api/interview/:id`, the client's periodic save. Idempotent: messages merge by id (the
 * server's copy wins; nothing it holds is dropped or reordered). Only the candidate's own
 * messages are taken from the client: the interviewer's lines come from the server. Scores are
 * never read. status in_progress starts the attempt, completed ends it like the live `end`,
 * cancelled discards it (History's Discard; reason 'discarded').
 */
export async function updateInterview(
  deps: SessionDeps,
  userId: string,
  id: string,
  body: UpdateInterviewBody,
): Promise<InterviewDetail> {
  // Discarding stops a reply still being generated at once (it is not stored), the owner's
  // only; ending early does the same in endAttempt.
  if (body.status === 'cancelled') {
    await loadOwned(deps.db, userId, id);
    deps.replies.stopAttempt(id, 'ended');
  }
  await deps.turns.run(id, async () => {
    for (;;) {
      const owedAfter = await deps.db.transaction(async (tx) => {
        const { row, owed, lastSeq } = await lockTurn(tx, userId, id);
        const ended = row.status === 'completed' || row.status === 'cancelled';
        const now = deps.now();
        // The live channel's rules for time: nothing is taken once the grace period after time-up
        // is over, and an answer taken after the time-up message answers the last question.
        const closed = answerWindow(row.startedAt, row.duration, now) === 'closed';
        const state = readEngineState(row.engineState);
        const late = state.completed && state.completionReason === 'time-up';
        const fresh: NonNullable<UpdateInterviewBody['conversation']> = [];
        for (const m of body.conversation ?? []) {
          if (ended || closed || m.speaker !== 'User' || m.message.trim() === '') continue;
          if (fresh.some((f) => f.id === m.id) || (await findMessage(tx, m.id))) continue;
          fresh.push(m);
        }
        // An end that would be refused is refused before anything is written. With new answers
        // or a reply owed the end decides after the reply (the answers are kept either way).
        if (body.status === 'completed' && fresh.length === 0 && owed === 'none') {
          refuseEnd(row, body.early ?? false, now);
        }
        // New answers come after the reply owed to the last one (turns.ts).
        if (fresh.length > 0 && owed !== 'none') return row.replyAfter ?? 0;
        if (fresh.length > 0 && lastSeq + fresh.length > ATTEMPT_LIMITS.messagesMax) {
          throw conflict(MESSAGE_LIMIT_MESSAGE, 'MESSAGE_LIMIT');
        }
        if (fresh.length > 0) {
          // The first answer saved this way costs the attempt's credit, as on the live channel.
          const charge = await chargeFirstAnswer(tx, deps.credits, row, now);
          if ('refused' in charge) throw creditsExhausted(charge.refused, now);
        }
        for (const m of fresh) {
          const meta: MessageMeta = { ...m.meta, ...(late ? { late: true } : {}) };
          const at = m.timestamp ? new Date(m.timestamp) : now;
          await appendMessage(tx, id, {
            id: m.id,
            speaker: 'User',
            message: m.message,
            meta,
            timestamp: at > now ? now : at,
          });
        }
        // The pre-start screen's style: the interviewer a candidate chose is the one they meet, so
        // it is not changed once the attempt started.
        if (
          body.interviewerStyle !== undefined &&
          body.interviewerStyle !== row.interviewerStyle &&
          row.status === 'scheduled'
        ) {
          await tx
            .update(interviews)
            .set({ interviewerStyle: body.interviewerStyle })
            .where(eq(interviews.id, id));
        }
        if (body.keepRecordings !== undefined && body.keepRecordings !== row.keepRecordings) {
          await tx
            .update(interviews)
            .set({ keepRecordings: body.keepRecordings })
            .where(eq(interviews.id, id));
        }
        if (body.status === 'in_progress' && row.status === 'scheduled') {
          const asked = body.startedAt ? new Date(body.startedAt) : now;
          await tx
            .update(interviews)
            .set({ status: 'in_progress', startedAt: row.startedAt ?? (asked > now ? now : asked) })
            .where(eq(interviews.id, id));
        }
        // Discarding: the reply owed, if any, is no longer wanted.
        if (body.status === 'cancelled' && !ended) {
          await tx
            .update(interviews)
            .set({ status: 'cancelled', cancelReason: 'discarded' })
            .where(eq(interviews.id, id));
          await clearClaim(tx, id);
        }
        return null;
      });
      if (owedAfter === null) return;
      await settleOwedReply(deps, userId, id, owedAfter, UNHEARD);
    }
  });
  if (body.status === 'completed') await endAttempt(deps, userId, id, body.early ?? false);
  const detail = await getInterview(deps.db, userId, id);
  // A discarded attempt keeps no audio, nor one whose recordings were turned off (issue 14).
  const discarded = body.status === 'cancelled' && detail.status === 'cancelled';
  if (discarded || body.keepRecordings === false) await deps.dropRecordings?.(userId, id);
  return detail;
}
