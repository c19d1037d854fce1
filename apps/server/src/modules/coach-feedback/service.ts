import {
  RUBRIC_SCALE_MAX,
  type CoachFeedback,
  type CoachFeedbackNotices,
  type Role,
  type coachFeedbackInputSchema,
} from '@candor/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { coachFeedback, interviews, reports, user } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { changeOf, recordChange, type Actor } from '../audit';
import { candidateInScope, scopeOf } from '../cohorts';
import { loadOwned } from '../interviews';
import { findRubric } from './rubrics';

/*
 * A coach's feedback on one report: a comment per question, an overall comment, and optional
 * scores per criterion of a rubric from the library. Written by an administrator or by a coach of
 * the candidate's cohorts (anyone else finds nothing: 404, decision 046), read by the candidate on
 * their own report and by nobody else. Every save that changes something is audited in its
 * transaction; the candidate is told on the dashboard and, once per unread feedback, by e-mail.
 */

type Input = z.output<typeof coachFeedbackInputSchema>;
type Row = typeof coachFeedback.$inferSelect;
export type Staff = Actor & { role: Role };

export interface FeedbackDeps {
  db: Db;
  mailer: Mailer;
  /** The app's address, for the link in the e-mail. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

export function toFeedback(row: Row): CoachFeedback {
  return {
    interviewId: row.interviewId,
    overall: row.overall,
    rubric: row.rubric ?? null,
    questions: row.questions,
    coach: { name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The attempt of a candidate the member of staff may read, with its report's number of questions. */
async function reportInScope(db: Db, staff: Staff, candidateId: string, attemptId: string) {
  await candidateInScope(db, scopeOf(staff), candidateId);
  const [row] = await db
    .select({
      title: interviews.title,
      status: reports.status,
      // Counted in SQL: the report's content is not parsed to learn how many questions it has.
      questions: sql<number>`coalesce(jsonb_array_length(${reports.content}->'questionReports'), 0)::int`,
    })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(and(eq(interviews.id, attemptId), eq(interviews.userId, candidateId)));
  if (!row) throw notFound('Report Not Found');
  return row;
}

export async function staffFeedback(
  db: Db,
  staff: Staff,
  candidateId: string,
  attemptId: string,
): Promise<{ feedback: CoachFeedback | null }> {
  await reportInScope(db, staff, candidateId, attemptId);
  const [row] = await db
    .select()
    .from(coachFeedback)
    .where(eq(coachFeedback.interviewId, attemptId));
  return { feedback: row ? toFeedback(row) : null };
}

const scoreText = (s: (number | null)[]) => s.map((n) => (n === null ? '–' : String(n))).join(', ');

/** What the audit log shows of feedback: each field a coach writes, flat, so an edit shows its own lines. */
function audited(f: Pick<Row, 'overall' | 'rubric' | 'questions'> | null) {
  if (!f) return null;
  const out: Record<string, string> = { overall: f.overall, rubric: f.rubric?.name ?? '' };
  for (const q of f.questions) {
    if (q.comment) out[`question ${q.index + 1}`] = q.comment;
    if (q.scores.some((s) => s !== null))
      out[`question ${q.index + 1} scores`] = scoreText(q.scores);
  }
  return out;
}

/** The input checked against the report and the library; 400 naming the field otherwise. */
async function checked(db: Db, input: Input, questionCount: number) {
  const seen = new Set<number>();
  const scoring = input.questions.some((q) => q.scores.some((s) => s !== null));
  const rubricRow = input.rubricId ? await findRubric(db, input.rubricId) : undefined;
  if (input.rubricId && !rubricRow) {
    throw badRequest('rubricId must be a rubric of the library', {
      rubricId: 'must be a rubric of the library',
    });
  }
  if (scoring && !rubricRow) {
    throw badRequest('rubricId: choose a rubric to give scores', {
      rubricId: 'choose a rubric to give scores',
    });
  }
  const criteria = rubricRow?.criteria.length ?? 0;
  const questions = input.questions.map((q, i) => {
    if (q.index >= questionCount || seen.has(q.index)) {
      const why = seen.has(q.index)
        ? 'is listed twice'
        : `must be a question of the report (0 to ${questionCount - 1})`;
      throw badRequest(`questions.${i}.index ${why}`, { [`questions.${i}.index`]: why });
    }
    seen.add(q.index);
    if (q.scores.length > criteria) {
      const why = `must hold at most ${criteria} scores (one per criterion of the rubric, 0 to ${RUBRIC_SCALE_MAX})`;
      throw badRequest(`questions.${i}.scores ${why}`, { [`questions.${i}.scores`]: why });
    }
    // One per criterion, unscored ones null, so the candidate's page lines them up.
    const scores = Array.from({ length: criteria }, (_, c) => q.scores[c] ?? null);
    return { index: q.index, comment: q.comment, scores };
  });
  const kept = questions
    .filter((q) => q.comment !== '' || q.scores.some((s) => s !== null))
    .sort((a, b) => a.index - b.index);
  const rubric = rubricRow
    ? { id: rubricRow.id, name: rubricRow.name, criteria: rubricRow.criteria }
    : null;
  return { overall: input.overall, rubric, questions: kept };
}

/**
 * Saves the feedback (the whole of it: what is not sent is cleared). Saving nothing at all where
 * there was feedback removes it; where there was none, it is refused (400 naming `overall`).
 */
export async function saveFeedback(
  deps: FeedbackDeps,
  staff: Staff,
  candidateId: string,
  attemptId: string,
  input: Input,
): Promise<{ feedback: CoachFeedback | null }> {
  const { db } = deps;
  const report = await reportInScope(db, staff, candidateId, attemptId);
  if (report.status !== 'completed') {
    throw new AppError(
      409,
      'The report is not ready yet: feedback goes on a finished report',
      undefined,
      'CONFLICT',
    );
  }
  const next = await checked(db, input, report.questions);
  const empty = next.overall === '' && next.questions.length === 0;
  const author = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;

  const saved = await db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(coachFeedback)
      .where(eq(coachFeedback.interviewId, attemptId))
      .for('update');
    if (!was && empty) {
      throw badRequest('overall: write a comment or give a score', {
        overall: 'write a comment or give a score',
      });
    }
    const change = changeOf(audited(was ?? null), empty ? null : audited({ ...next }));
    if (!change) return { row: was ?? null, tell: false };
    const subject = { type: 'attempt' as const, id: attemptId, label: report.title };
    await recordChange(tx, staff, {
      action: 'coach_feedback_saved',
      subject,
      candidateId,
      ...change,
    });
    if (empty) {
      await tx.delete(coachFeedback).where(eq(coachFeedback.id, was!.id));
      return { row: null, tell: false };
    }
    const values = { ...next, authorId: staff.id, authorName: author, seenAt: null };
    const [row] = was
      ? await tx.update(coachFeedback).set(values).where(eq(coachFeedback.id, was.id)).returning()
      : await tx
          .insert(coachFeedback)
          .values({ ...values, interviewId: attemptId, userId: candidateId })
          .returning();
    // One e-mail per unread feedback: a coach polishing a comment the candidate has not opened
    // yet sends nothing more.
    return { row: row!, tell: !was || was.seenAt !== null };
  });
  if (saved.tell) await tellCandidate(deps, candidateId, attemptId, report.title, author);
  return { feedback: saved.row ? toFeedback(saved.row) : null };
}

/** The e-mail, after the commit; a mail server that is down loses the e-mail, never the feedback. */
async function tellCandidate(
  deps: FeedbackDeps,
  candidateId: string,
  attemptId: string,
  title: string,
  coach: string,
) {
  const [to] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, candidateId));
  if (!to) return;
  const link = `${deps.publicUrl}/reports/${attemptId}`;
  await deps.mailer
    .send({
      to: to.email,
      subject: 'Your coach left feedback on your report',
      text: `Hello ${to.firstName},\n\n${coach} left feedback on your report "${title}".\n\nRead it here:\n${link}\n`,
    })
    .catch((err: Error) =>
      deps.log.error({ err: err.message, attemptId }, 'coach feedback e-mail not sent'),
    );
}

/** The candidate's own feedback on one of their attempts; someone else's attempt is 404. */
export async function ownFeedback(
  db: Db,
  userId: string,
  attemptId: string,
): Promise<{ feedback: CoachFeedback | null }> {
  await loadOwned(db, userId, attemptId);
  const [row] = await db
    .select()
    .from(coachFeedback)
    .where(and(eq(coachFeedback.interviewId, attemptId), eq(coachFeedback.userId, userId)));
  return { feedback: row ? toFeedback(row) : null };
}

/** The candidate opened it: the dashboard's notice goes. */
export async function markSeen(db: Db, userId: string, attemptId: string, now: Date) {
  await loadOwned(db, userId, attemptId);
  await db
    .update(coachFeedback)
    .set({ seenAt: now, updatedAt: sql`${coachFeedback.updatedAt}` })
    .where(and(eq(coachFeedback.interviewId, attemptId), eq(coachFeedback.userId, userId)));
}

/** The dashboard's notices: feedback the candidate has not opened yet, newest first. */
export async function unreadFeedback(db: Db, userId: string): Promise<CoachFeedbackNotices> {
  const rows = await db
    .select({
      interviewId: coachFeedback.interviewId,
      title: interviews.title,
      coachName: coachFeedback.authorName,
      updatedAt: coachFeedback.updatedAt,
    })
    .from(coachFeedback)
    .innerJoin(interviews, eq(interviews.id, coachFeedback.interviewId))
    .where(and(eq(coachFeedback.userId, userId), isNull(coachFeedback.seenAt)))
    .orderBy(desc(coachFeedback.updatedAt))
    .limit(20);
  return { notices: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}

/** The candidate's data export: every feedback on their reports. */
export async function feedbackOf(db: Db, userId: string): Promise<CoachFeedback[]> {
  const rows = await db
    .select()
    .from(coachFeedback)
    .where(eq(coachFeedback.userId, userId))
    .orderBy(coachFeedback.createdAt, coachFeedback.id);
  return rows.map(toFeedback);
}
