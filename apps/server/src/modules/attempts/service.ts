import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import {
  ATTEMPT_LIMITS,
  TOO_MANY_UNFINISHED_MESSAGE,
  UNFINISHED_STATUSES,
  clampDuration,
  normalizeCreateInterview,
  type CreateInterviewBody,
} from '@candor/shared';
import type { Db } from '../../db/client';
import {
  categories,
  interviewSets,
  interviews,
  questions,
  user,
  type QuestionSnapshot,
} from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { assertCanStart, type CreditPolicy } from '../credits';
import { removeUnanswered, type Tx } from '../interviews';

/**
 * `POST /api/interview`: a new attempt (status scheduled). With an interviewSetId, the active
 * set's title, category, difficulty, type, topics, prompt and questions are snapshotted, so the
 * attempt stays readable and unchanged when the set is edited or deleted; an unfinished attempt
 * of that set the candidate never answered is given back instead of making another (decision
 * 038). At most ATTEMPT_LIMITS.unfinishedMax attempts of a candidate are open at once (409 past
 * that).
 */
export async function createInterview(
  db: Db,
  ctx: AttemptContext & {
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
      systemDesign: q.systemDesign,
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
  const made = await insertAttempt(db, ctx, userId, {
    id,
    title: config.title,
    categoryName: config.category,
    difficulty: config.difficulty,
    type: config.type,
    duration: config.duration,
    topics: config.topics,
    ...snapshot,
    ...(ctx.assignment ? { assignmentId: ctx.assignment.id } : {}),
  });
  return { id: made, roomId: `interview-${made}` };
}

/**
 * Inserts a new attempt under the candidate's row lock, and answers its id: refused (403) without
 * a credit left, and (409) past ATTEMPT_LIMITS.unfinishedMax open attempts, counted so that two
 * creates at once count each other. Shared by the catalogue's create and the tailored interview's.
 * Attempts nobody answered are not history (decision 038): one of the same set is given back
 * rather than another made (Start twice is one attempt), and those nobody has been in for
 * ATTEMPT_LIMITS.unansweredKeptMinutes are removed first, so what the candidate cannot see in
 * History never fills their limit.
 */
/** How an attempt is made: the credit policy, the clock, and an assignment it is started for. */
export interface AttemptContext {
  policy: CreditPolicy;
  now: Date;
  /**
   * The assignment (modules/assignments) the attempt counts towards, and its check of the
   * attempts allowed, run under the candidate's row lock so two Starts at once count each other.
   */
  assignment?: { id: string; check: (tx: Tx) => Promise<void> };
}

export async function insertAttempt(
  db: Db,
  ctx: AttemptContext & { coachesMayListen: boolean },
  userId: string,
  values: Omit<typeof interviews.$inferInsert, 'userId' | 'roomId' | 'coachesMayListen'> & {
    id: string;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    // No credit left: refused before anything is created (403), whatever else is open.
    await assertCanStart(tx, ctx.policy, userId, ctx.now);
    if (ctx.assignment) await ctx.assignment.check(tx);
    if (values.interviewSetId) {
      const again = await unansweredOfSet(tx, userId, values.interviewSetId, ctx.assignment?.id);
      if (again) return again;
    }
    await removeUnanswered(tx, await leftUnanswered(tx, userId, ctx.now));
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
      // On the app's clock, as every later sign of activity the sweeps compare with.
      createdAt: ctx.now,
      scheduledAt: ctx.now,
      updatedAt: ctx.now,
    });
    return values.id;
  });
}

const unfinishedUnanswered = (userId: string) =>
  and(
    eq(interviews.userId, userId),
    inArray(interviews.status, [...UNFINISHED_STATUSES]),
    isNull(interviews.answeredAt),
  );

/** The candidate's latest unfinished attempt of the set that nobody answered, if any. */
async function unansweredOfSet(
  tx: Tx,
  userId: string,
  setId: string,
  assignmentId?: string,
): Promise<string | null> {
  // Started for an assignment, only one of that assignment's attempts is given back: another
  // would not count towards it.
  const ofAssignment = assignmentId ? eq(interviews.assignmentId, assignmentId) : undefined;
  const [found] = await tx
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(unfinishedUnanswered(userId), eq(interviews.interviewSetId, setId), ofAssignment))
    .orderBy(desc(interviews.createdAt))
    .limit(1);
  return found?.id ?? null;
}

/**
 * The candidate's unanswered attempts nobody has been in for ATTEMPT_LIMITS.unansweredKeptMinutes
 * (untouched, and no live channel holding their clock, on the wall clock as holds are read).
 */
async function leftUnanswered(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ATTEMPT_LIMITS.unansweredKeptMinutes * 60_000);
  const rows = await tx
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        unfinishedUnanswered(userId),
        lt(interviews.updatedAt, cutoff),
        or(isNull(interviews.presentUntil), lte(interviews.presentUntil, new Date())),
      ),
    );
  return rows.map((r) => r.id);
}
