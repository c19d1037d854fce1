import {
  DEFAULT_EXPERIENCE_LEVEL,
  EXPERIENCE_LEVELS,
  RESULTS_CSV_COLUMNS,
  interviewMinutes,
  USER_STATUSES,
  type CoachCandidate,
  type Role,
  type CoachReport,
  type HistoryResponse,
  type historyQuerySchema,
  type resultsExportQuerySchema,
} from '@candor/shared';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, recordings, reports, user } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { answered, getInterview, interviewTimeOf } from '../interviews';
import { history, userStats } from '../progress';
import { getReport } from '../reports';
import { recordView, type Actor } from '../audit';
import { candidateInScope, candidatesIn, scopeOf } from '../cohorts';
import { csvRow } from './csv';

/*
 * Coach review: an administrator reads a candidate's attempts, progress and reports exactly as the
 * candidate sees them (the candidate-side services, asked for the candidate's id), read-only, and
 * each read is written to the audit log first. A pending report is not restarted from here: that
 * is the candidate's report to ask for.
 */

export interface CoachDeps {
  db: Db;
  /** The credit policy and the time, for the candidate's credits in their stats. */
  credits: () => Parameters<typeof userStats>[2];
  /** COACH_REVIEW_RECORDINGS: the operator lets coaches play kept recordings. */
  coachesMayListen: boolean;
}

function known<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Who reads: an administrator, or a coach limited to their cohorts' candidates. */
export type Reader = Actor & { role: Role };

/** The candidate when the reader may see them; 404 otherwise, as for an id that does not exist. */
const loadCandidate = (db: Db, reader: Reader, id: string) =>
  candidateInScope(db, scopeOf(reader), id);

/** The candidate's profile and progress (the dashboard's stats and chart data). */
export async function coachCandidate(
  { db, credits }: CoachDeps,
  actor: Reader,
  candidateId: string,
): Promise<CoachCandidate> {
  const row = await loadCandidate(db, actor, candidateId);
  await recordView(db, actor, { action: 'candidate_viewed', candidateId });
  return {
    candidate: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      experienceLevel: known(EXPERIENCE_LEVELS, row.experienceLevel, DEFAULT_EXPERIENCE_LEVEL),
      status: known(USER_STATUSES, row.status, 'inactive'),
      createdAt: row.createdAt.toISOString(),
    },
    stats: await userStats(db, candidateId, credits()),
  };
}

/** The candidate's attempts, with History's filters and pages. */
export async function coachAttempts(
  { db, credits }: CoachDeps,
  actor: Reader,
  candidateId: string,
  q: z.output<typeof historyQuerySchema>,
): Promise<HistoryResponse> {
  await loadCandidate(db, actor, candidateId);
  await recordView(db, actor, {
    action: 'attempts_viewed',
    candidateId,
    details: { page: q.page, status: q.status },
  });
  return history(db, candidateId, q, credits().now);
}

/** One attempt's report and transcript. Another candidate's attempt is not found here. */
export async function coachReport(
  { db, coachesMayListen, credits }: CoachDeps,
  actor: Reader,
  candidateId: string,
  attemptId: string,
): Promise<CoachReport> {
  await loadCandidate(db, actor, candidateId);
  const [attempt] = await db
    .select({
      id: interviews.id,
      keepRecordings: interviews.keepRecordings,
      told: interviews.coachesMayListen,
    })
    .from(interviews)
    .where(and(eq(interviews.id, attemptId), eq(interviews.userId, candidateId)));
  if (!attempt) throw notFound('Interview not found');
  // Played to a coach only when the operator allows it now AND the candidate was told so before
  // this attempt started (decision 027); otherwise the recordings stay the candidate's alone.
  const recordingsAllowed = coachesMayListen && attempt.told && attempt.keepRecordings;
  const [{ report }, detail, kept] = await Promise.all([
    getReport(db, candidateId, attemptId),
    getInterview(db, candidateId, attemptId, credits().now),
    recordingsAllowed
      ? db
          .select({ answerId: recordings.messageId })
          .from(recordings)
          .innerJoin(interviewMessages, eq(interviewMessages.id, recordings.messageId))
          .where(eq(recordings.interviewId, attemptId))
          .orderBy(asc(interviewMessages.seq))
      : Promise.resolve([]),
  ]);
  await recordView(db, actor, { action: 'report_viewed', candidateId, interviewId: attemptId });
  return { report, conversation: detail.conversation, recordingsAllowed, recordings: kept };
}

type ExportQuery = z.output<typeof resultsExportQuerySchema>;

/** Attempts read per query while exporting: memory stays flat however large the cohort. */
export const EXPORT_BATCH = 500;

const day = (iso: string, offsetDays = 0) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + offsetDays * 86_400_000);

/**
 * The cohort's results as CSV, one row per completed attempt of a candidate, oldest first. Read
 * in batches by (completed at, id) so a large cohort streams without an OFFSET scan or holding
 * every row. The export is recorded (with its filters) before the first byte.
 */
export async function* resultsCsv(
  { db }: CoachDeps,
  actor: Reader,
  q: ExportQuery,
): AsyncGenerator<string> {
  const conditions: SQL[] = [
    eq(interviews.status, 'completed'),
    answered(),
    eq(user.role, 'candidate'),
  ];
  // A coach exports their cohorts' candidates only; anyone may narrow it to one cohort.
  const inScope = candidatesIn(scopeOf(actor), user.id, q.cohortId);
  if (inScope) conditions.push(inScope);
  if (q.from) conditions.push(gte(interviews.completedAt, day(q.from)));
  if (q.to) conditions.push(lt(interviews.completedAt, day(q.to, 1)));
  if (q.setId) conditions.push(eq(interviews.interviewSetId, q.setId));
  const details: Record<string, string> = {};
  if (q.from) details.from = q.from;
  if (q.to) details.to = q.to;
  if (q.setId) details.setId = q.setId;
  if (q.cohortId) details.cohortId = q.cohortId;
  await recordView(db, actor, { action: 'results_exported', details });

  // A byte-order mark, so spreadsheets read the names (Zoë, Søren) as UTF-8.
  yield `\uFEFF${csvRow(RESULTS_CSV_COLUMNS)}`;
  let after: string | null = null;
  for (;;) {
    // The cursor is compared in SQL against the stored row: a JavaScript Date would lose the
    // timestamp's microseconds and repeat or skip rows.
    const where: SQL | undefined = after
      ? and(
          ...conditions,
          sql`(${interviews.completedAt}, ${interviews.id}) > (select c.completed_at, c.id from ${interviews} c where c.id = ${after})`,
        )
      : and(...conditions);
    const rows = await db
      .select({
        id: interviews.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        title: interviews.title,
        categoryName: interviews.categoryName,
        difficulty: interviews.difficulty,
        startedAt: interviews.startedAt,
        duration: interviews.duration,
        engineState: interviews.engineState,
        activeMs: interviews.activeMs,
        presentAt: interviews.presentAt,
        presentUntil: interviews.presentUntil,
        completedAt: interviews.completedAt,
        overall: reports.overallScore,
        communication: reports.communicationScore,
        problemSolving: reports.problemSolvingScore,
        confidence: reports.confidenceScore,
        reportStatus: reports.status,
        // The report's own count of answers and words (its speech card), never counted again.
        answers: sql<number | null>`(${reports.content}->'speech'->>'answers')::int`,
        words: sql<number | null>`(${reports.content}->'speech'->>'totalWords')::int`,
      })
      .from(interviews)
      .innerJoin(user, eq(user.id, interviews.userId))
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .where(where)
      .orderBy(asc(interviews.completedAt), asc(interviews.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const scored = r.reportStatus === 'completed';
      const score = (n: number | null) => (scored && n !== null ? Math.round(n) : null);
      chunk += csvRow([
        `${r.firstName} ${r.lastName}`.trim(),
        r.email,
        r.title,
        r.categoryName,
        r.difficulty,
        r.completedAt?.toISOString() ?? null,
        score(r.overall),
        score(r.communication),
        score(r.problemSolving),
        score(r.confidence),
        // The interview time as the report says it (decision 038, issue 28).
        r.startedAt && r.completedAt ? interviewMinutes(interviewTimeOf(r, r.completedAt)) : null,
        scored ? r.answers : null,
        scored ? r.words : null,
      ]);
    }
    yield chunk;
    const last: { id: string } = rows[rows.length - 1]!;
    if (rows.length < EXPORT_BATCH) return;
    after = last.id;
  }
}
