import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  LIMITS,
  UNFINISHED_STATUSES,
  clampDuration,
  reportContentSchema,
  type QuestionReport,
  type ReportContent,
} from '@candor/shared';
import type { Db } from '../../db/client';
import { interviews, reports, type QuestionSnapshot } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import { insertAttempt } from '../attempts';
import type { CreditPolicy } from '../credits';
import { loadOwned, type InterviewRow } from '../interviews';

/**
 * Retry this question (issue 30): a short attempt of one scored question of a report, made like
 * any attempt (the credit check now, the charge with its first answer: modules/credits), asked by
 * the fixed flow with the first attempt's interviewer settings (style, follow-ups, prompt), and
 * linked to the first attempt that asked the question.
 */

export interface RetryContext {
  policy: CreditPolicy;
  now: Date;
  coachesMayListen: boolean;
}

/** A completed report's content, or null while it is pending, failed or unreadable. */
export async function reportContentOf(db: Db, interviewId: string): Promise<ReportContent | null> {
  const [row] = await db
    .select({ status: reports.status, content: reports.content })
    .from(reports)
    .where(eq(reports.interviewId, interviewId))
    .limit(1);
  if (!row || row.status !== 'completed') return null;
  const parsed = reportContentSchema.safeParse(row.content);
  return parsed.success ? parsed.data : null;
}

/** `POST /api/interview/:id/retries`: the retry attempt of question `question` of `attemptId`'s report. */
export async function createRetry(
  db: Db,
  ctx: RetryContext,
  userId: string,
  attemptId: string,
  question: number,
): Promise<{ id: string; roomId: string }> {
  const row = await loadOwned(db, userId, attemptId);
  const content = await reportContentOf(db, attemptId);
  if (!content) throw conflict('A question can be retried once its report is complete');
  const asked = content.questionReports[question];
  if (!asked) {
    throw badRequest(`question: the report has no question ${question}`, {
      question: `must be below ${content.questionReports.length}`,
    });
  }
  if (!asked.scored) throw conflict('Only a scored question can be retried');

  // A retry of a retry keeps the first attempt and question: one chain per question. So does a
  // retry of a question a drill asked again (decision 045).
  const drilled = row.drill?.questions.find(
    (d) => d.from && d.questionText.trim() === asked.question.trim(),
  )?.from;
  const first =
    row.retryOf !== null && row.retryQuestion !== null
      ? { id: row.retryOf, question: row.retryQuestion }
      : drilled
        ? { id: drilled.interviewId, question: drilled.questionIndex }
        : { id: row.id, question };

  // Start twice is one retry (as Start of a set is one attempt, decision 038).
  const [open] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.userId, userId),
        eq(interviews.retryOf, first.id),
        eq(interviews.retryQuestion, first.question),
        inArray(interviews.status, [...UNFINISHED_STATUSES]),
        isNull(interviews.answeredAt),
      ),
    )
    .orderBy(desc(interviews.createdAt))
    .limit(1);
  if (open) return { id: open.id, roomId: `interview-${open.id}` };

  const snapshot = questionSnapshot(row, asked);
  const id = randomUUID();
  await insertAttempt(db, ctx, userId, {
    id,
    title: retryTitle(row),
    categoryName: row.categoryName,
    difficulty: row.difficulty,
    // The fixed flow asks exactly the question given, follow-ups included; the question's kind
    // (behavioural, coding…) travels in its snapshot, so it is scored and shown as the first was.
    type: 'fixed',
    duration: clampDuration(Math.ceil(snapshot.timeLimit / 60)),
    topics: row.topics,
    aiPrompt: row.aiPrompt,
    setDescription: row.setDescription,
    questions: [snapshot],
    followUpDepth: row.followUpDepth,
    interviewerStyle: row.interviewerStyle,
    inviteQuestions: false,
    keepRecordings: row.keepRecordings,
    retryOf: first.id,
    retryQuestion: first.question,
  });
  return { id, roomId: `interview-${id}` };
}

const TITLE_MAX = 150;

function retryTitle(row: InterviewRow): string {
  const base = row.title.replace(/ \(retry\)$/, '');
  const suffix = ' (retry)';
  return base.slice(0, TITLE_MAX - suffix.length) + suffix;
}

/**
 * The question as the first attempt had it: its own snapshot when the set gave one (expected
 * answer, key points, the coding problem with its hidden tests), else built from the report (a
 * topic-based or tailored question: its words, kind and the key points it was scored on).
 */
export function questionSnapshot(row: InterviewRow, asked: QuestionReport): QuestionSnapshot {
  const own = row.questions.find((q) => q.questionText.trim() === asked.question.trim());
  if (own) return { ...own, id: randomUUID() };
  return {
    id: randomUUID(),
    questionText: asked.question,
    expectedAnswer: asked.expectedAnswer,
    difficulty: 'medium',
    timeLimit: LIMITS.questionTimeLimitDefault,
    kind: asked.kind ?? 'technical',
    keyPoints: asked.keyPoints.map((k) => k.point),
  };
}
