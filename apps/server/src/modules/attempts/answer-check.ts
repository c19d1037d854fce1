import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import {
  ANSWER_CHECK,
  type CorrectAnswerResponse,
  type FinishCheckResponse,
  type ReportStatus,
} from '@candor/shared';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, reports, type MessageMeta } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { LoopOptions } from '../../platform/scheduler';
import { lockOwned, toConversationMessage, type InterviewRow, type Tx } from '../interviews';

/**
 * "Check your answers" (decision 024). An attempt that ends with spoken answers does not start
 * its report at once: `interviews.check_until` holds when it will start by itself. Until then the
 * candidate may correct how each spoken answer was recognised; finishing (or skipping) the check
 * starts the report, and so does the window running out (the check sweep below, or the next
 * request that finds it over), so a candidate who closes the tab still gets a report.
 *
 * Every step takes the attempt's row lock: a correction either lands before the report starts
 * and is scored, or is refused with CHECK_CLOSED; it never slips in while the report is read.
 */

const MINUTE = 60_000;
/** How often windows that ran out are closed (their reports start at most this late). */
export const CHECK_SWEEP_MS = 30_000;

/** The window after a correction at `now`: the idle wait again, never past the cap. */
export function checkDeadline(now: Date, completedAt: Date): Date {
  return new Date(
    Math.min(
      now.getTime() + ANSWER_CHECK.idleMinutes * MINUTE,
      completedAt.getTime() + ANSWER_CHECK.maxMinutes * MINUTE,
    ),
  );
}

/** Whether the attempt has a spoken answer to check (typed ones are what was typed). */
export async function hasSpokenAnswers(tx: Tx, interviewId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: interviewMessages.id })
    .from(interviewMessages)
    .where(
      and(
        eq(interviewMessages.interviewId, interviewId),
        eq(interviewMessages.speaker, 'User'),
        sql`${interviewMessages.meta} ->> 'mode' = 'voice'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const notEnded = () =>
  conflict(
    'This interview has not ended yet. End it first; then you can check your answers.',
    'ATTEMPT_NOT_ENDED',
  );
const closed = () =>
  conflict(
    'Your report has already been started from your answers, so they can no longer be corrected.',
    'CHECK_CLOSED',
  );

/** The attempt, locked; refused unless it ended. */
async function lockEnded(tx: Tx, userId: string, id: string): Promise<InterviewRow> {
  const row = await lockOwned(tx, userId, id);
  if (row.status === 'cancelled') {
    throw conflict(
      'This interview was closed without a report: there is nothing to check.',
      'INTERVIEW_ENDED',
    );
  }
  if (row.status !== 'completed') throw notEnded();
  return row;
}

/** Closes the window (inside the lock): from now on the report may read the answers. */
async function closeWindow(tx: Tx, id: string) {
  await tx.update(interviews).set({ checkUntil: null }).where(eq(interviews.id, id));
}

/**
 * `PATCH /api/interview/:id/answers/:answerId`: the candidate's correction of a spoken answer.
 * The message becomes the corrected text (the report scores it), `meta.corrected` marks it and
 * `meta.original` keeps the recognised text from the first correction; writing the recognised
 * text back undoes the correction. Each correction moves the window on (checkDeadline).
 */
export async function correctAnswer(
  deps: { db: Db; now: () => Date },
  userId: string,
  id: string,
  answerId: string,
  text: string,
): Promise<CorrectAnswerResponse> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockEnded(tx, userId, id);
    // A window that ran out is closed by the check sweep, which starts the report; a refused
    // request changes nothing.
    if (!row.checkUntil || row.checkUntil <= now) throw closed();
    const [message] = await tx
      .select()
      .from(interviewMessages)
      .where(and(eq(interviewMessages.id, answerId), eq(interviewMessages.interviewId, id)))
      .limit(1);
    // The interviewer's lines are not answers: the same 404 as an id of another attempt.
    if (!message || message.speaker !== 'User') throw notFound('Answer not found');
    if (message.meta.mode !== 'voice') {
      throw conflict(
        'Only spoken answers can be corrected: a typed answer is exactly what you typed.',
        'NOT_SPOKEN',
      );
    }
    const original = message.meta.original ?? message.message;
    const { corrected: _c, original: _o, ...rest } = message.meta;
    const meta: MessageMeta = text === original ? rest : { ...rest, corrected: true, original };
    const [updated] = await tx
      .update(interviewMessages)
      .set({ message: text, meta })
      .where(eq(interviewMessages.id, message.id))
      .returning();
    const checkUntil = checkDeadline(now, row.completedAt ?? now);
    await tx.update(interviews).set({ checkUntil }).where(eq(interviews.id, id));
    return { message: updated!, checkUntil };
  });
  return {
    message: toConversationMessage(outcome.message),
    checkUntil: outcome.checkUntil.toISOString(),
  };
}

/**
 * `POST /api/interview/:id/check`: the candidate is done checking (or skipped it): the report
 * starts now. Idempotent: once the window is closed, it answers the report's status.
 */
export async function finishCheck(
  deps: { db: Db; onEnded: (interviewId: string, userId: string) => void },
  userId: string,
  id: string,
): Promise<FinishCheckResponse> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockEnded(tx, userId, id);
    if (row.checkUntil) {
      await closeWindow(tx, id);
      return { started: true, reportStatus: 'pending' as ReportStatus };
    }
    const [report] = await tx
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.interviewId, id));
    return { started: false, reportStatus: report?.status ?? ('pending' as ReportStatus) };
  });
  if (outcome.started) deps.onEnded(id, userId);
  return { reportStatus: outcome.reportStatus };
}

/**
 * One check sweep: closes at most `batch` windows that ran out and answers which attempts (and
 * owners) must now get their report. Safe with several processes on one PostgreSQL: the rows are
 * locked with SKIP LOCKED, so each window is closed (and its report started) by one sweep only,
 * and a sweep never waits behind a correction holding the row lock.
 */
export async function closeExpiredChecks(
  db: Db,
  now: Date,
  batch = 100,
): Promise<{ id: string; userId: string }[]> {
  return db.transaction(async (tx) => {
    const due = and(isNotNull(interviews.checkUntil), lte(interviews.checkUntil, now));
    const picked = await tx
      .select({ id: interviews.id, userId: interviews.userId })
      .from(interviews)
      .where(due)
      .orderBy(asc(interviews.checkUntil))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const p of picked) await closeWindow(tx, p.id);
    return picked;
  });
}

/**
 * The check sweep as a background loop (platform/scheduler.ts): every `everyMs`, the windows that
 * ran out start their reports (`onDue`), in one process at a time.
 */
export function checkSweep(
  deps: {
    db: Db;
    now: () => Date;
    log: Pick<Logger, 'info'>;
    onDue: (interviewId: string, userId: string) => void;
  },
  everyMs = CHECK_SWEEP_MS,
): LoopOptions {
  return {
    name: 'answer checks',
    everyMs,
    exclusive: true,
    run: async () => {
      const due = await closeExpiredChecks(deps.db, deps.now());
      if (due.length > 0) deps.log.info({ count: due.length }, 'answer checks ran out');
      for (const d of due) deps.onDue(d.id, d.userId);
    },
  };
}
