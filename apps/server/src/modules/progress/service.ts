import {
  UNFINISHED_STATUSES,
  type HistoryItem,
  type HistoryResponse,
  type ScoreComparison,
  type ScoreSnapshot,
  type UserStats,
  type historyQuerySchema,
} from '@candor/shared';
import { and, asc, desc, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { creditState, type CreditPolicy } from '../credits';
import type { Db } from '../../db/client';
import { interviews, reports } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import { answered, interviewTimeOf } from '../interviews';

type HistoryQuery = z.output<typeof historyQuerySchema>;

/**
 * The caller's own attempts, filtered and paginated in SQL: those they answered (decision 038),
 * each with the interview time it counted by `now`.
 */
export async function history(
  db: Db,
  userId: string,
  q: HistoryQuery,
  now: Date,
): Promise<HistoryResponse> {
  const conditions: SQL[] = [eq(interviews.userId, userId), answered()];
  if (q.status === 'not_completed') {
    conditions.push(inArray(interviews.status, [...UNFINISHED_STATUSES]));
  } else if (q.status !== 'all') {
    conditions.push(eq(interviews.status, q.status));
  }
  if (q.setId) conditions.push(eq(interviews.interviewSetId, q.setId));
  if (q.category && q.category.toLowerCase() !== 'all') {
    conditions.push(sql`lower(${interviews.categoryName}) = lower(${q.category})`);
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${interviews.title} ilike ${like} or ${interviews.categoryName} ilike ${like} or exists (select 1 from jsonb_array_elements_text(${interviews.topics}) t where t ilike ${like}))`,
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(interviews)
    .where(where);
  const rows = await db
    .select({ i: interviews, score: reports.overallScore, reportStatus: reports.status })
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .where(where)
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const items: HistoryItem[] = rows.map(({ i, score, reportStatus }) => ({
    id: i.id,
    title: i.title,
    type: i.type,
    status: i.status,
    cancelReason: i.status === 'cancelled' ? (i.cancelReason ?? null) : null,
    categoryName: i.categoryName,
    topics: i.topics,
    duration: i.duration,
    scheduledAt: i.scheduledAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
    completedAt: i.completedAt?.toISOString() ?? null,
    // The interview time as the report says it (issue 28): one function for every view.
    elapsedMs: interviewTimeOf(i, now),
    interviewSetId: i.interviewSetId,
    interviewSet: { title: i.title, category: { name: i.categoryName } },
    report: reportStatus
      ? { overallScore: score === null ? null : Math.round(score), status: reportStatus }
      : null,
  }));
  return {
    interviews: items,
    meta: {
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / q.limit)),
      currentPage: q.page,
      limit: q.limit,
    },
  };
}

const TREND_POINTS_PER_SET = 20;

const DIMENSIONS = [
  ['communication', 'Communication'],
  ['problemSolving', 'Problem Solving'],
  ['confidence', 'Confidence'],
] as const;

/** The dashboard's numbers, trend and 'practise next' suggestion, aggregated by the database. */
export async function userStats(
  db: Db,
  userId: string,
  credits: { policy: CreditPolicy; now: Date },
): Promise<UserStats> {
  const [counts = { total: 0, completed: 0 }] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${interviews.status} = 'completed')::int`,
    })
    .from(interviews)
    .where(and(eq(interviews.userId, userId), answered()));

  const scored = and(
    eq(interviews.userId, userId),
    answered(),
    eq(interviews.status, 'completed'),
    eq(reports.status, 'completed'),
    sql`${reports.overallScore} is not null`,
  );
  // Each interview set (at the level it was taken) is its own series: the chart compares an
  // attempt only with attempts of the same set. A set deleted since keeps its attempts' title.
  const series = sql`coalesce(${interviews.interviewSetId}::text, 'deleted:' || ${interviews.title}), ${interviews.difficulty}`;
  const ranked = db
    .select({
      interviewId: interviews.id,
      interviewSetId: interviews.interviewSetId,
      title: interviews.title,
      categoryName: interviews.categoryName,
      difficulty: interviews.difficulty,
      completedAt: interviews.completedAt,
      overall: reports.overallScore,
      communication: reports.communicationScore,
      problemSolving: reports.problemSolvingScore,
      confidence: reports.confidenceScore,
      // The latest points of each series (a chart has no use for more), shown oldest first.
      latest:
        sql<number>`row_number() over (partition by ${series} order by ${interviews.completedAt} desc, ${interviews.id} desc)`.as(
          'latest',
        ),
    })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(scored)
    .as('ranked');
  const points = await db
    .select()
    .from(ranked)
    .where(lte(ranked.latest, TREND_POINTS_PER_SET))
    .orderBy(asc(ranked.completedAt), asc(ranked.interviewId));

  const [avg] = await db
    .select({ v: sql<number | null>`round(avg(${reports.overallScore})::numeric)::int` })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(scored);

  const categoryAverages = await db
    .select({
      category: interviews.categoryName,
      average: sql<number>`round(avg(${reports.overallScore})::numeric)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(scored)
    .groupBy(interviews.categoryName)
    .orderBy(asc(sql`avg(${reports.overallScore})`));

  const round = (n: number | null) => (n === null ? null : Math.round(n));
  const trend = points.map((p) => ({
    interviewId: p.interviewId,
    interviewSetId: p.interviewSetId,
    title: p.title,
    categoryName: p.categoryName,
    difficulty: p.difficulty,
    completedAt: (p.completedAt ?? new Date(0)).toISOString(),
    overall: Math.round(p.overall ?? 0),
    communication: round(p.communication),
    problemSolving: round(p.problemSolving),
    confidence: round(p.confidence),
  }));

  const credit = await creditState(db, credits.policy, userId, credits.now);
  return {
    totalInterviews: counts.total,
    completedInterviews: counts.completed,
    averageScore: avg?.v ?? null,
    trend,
    categoryAverages,
    practiseNext: practiseNext(trend, categoryAverages),
    creditsUsed: credit.used,
    creditsLimit: credit.limit,
    creditsPeriod: credit.period,
  };
}

/** The weakest of the recent dimension averages, or the weakest category when it is lower. */
function practiseNext(
  trend: UserStats['trend'],
  categories: UserStats['categoryAverages'],
): UserStats['practiseNext'] {
  if (trend.length === 0) return null;
  const recent = trend.slice(-5);
  let best: UserStats['practiseNext'] = null;
  for (const [key, name] of DIMENSIONS) {
    const values = recent.map((p) => p[key]).filter((v): v is number => v !== null);
    if (values.length === 0) continue;
    const score = Math.round(values.reduce((a, b) => a + b, 0) / values.length);
    if (!best || score < best.score) best = { kind: 'dimension', name, score };
  }
  const weakestCategory = categories[0];
  if (weakestCategory && categories.length > 1 && (!best || weakestCategory.average < best.score)) {
    best = { kind: 'category', name: weakestCategory.category, score: weakestCategory.average };
  }
  return best;
}

const snapshotColumns = {
  interviewId: interviews.id,
  completedAt: interviews.completedAt,
  overall: reports.overallScore,
  communication: reports.communicationScore,
  problemSolving: reports.problemSolvingScore,
  confidence: reports.confidenceScore,
};

function toSnapshot(row: {
  interviewId: string;
  completedAt: Date | null;
  overall: number | null;
  communication: number | null;
  problemSolving: number | null;
  confidence: number | null;
}): ScoreSnapshot {
  const r = (n: number | null) => (n === null ? null : Math.round(n));
  return {
    interviewId: row.interviewId,
    completedAt: row.completedAt?.toISOString() ?? null,
    overall: r(row.overall),
    communication: r(row.communication),
    problemSolving: r(row.problemSolving),
    confidence: r(row.confidence),
  };
}

/** This attempt's scores beside the caller's previous completed, scored attempt of the same set and level. */
export async function comparison(
  db: Db,
  userId: string,
  interviewId: string,
): Promise<ScoreComparison> {
  const [current] = await db
    .select({
      ...snapshotColumns,
      userId: interviews.userId,
      setId: interviews.interviewSetId,
      difficulty: interviews.difficulty,
    })
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .where(eq(interviews.id, interviewId));
  if (!current) throw notFound('Interview not found');
  if (current.userId !== userId) throw forbidden();
  let previous: ScoreSnapshot | null = null;
  if (current.setId && current.completedAt) {
    const [row] = await db
      .select(snapshotColumns)
      .from(interviews)
      .innerJoin(reports, eq(reports.interviewId, interviews.id))
      .where(
        and(
          eq(interviews.userId, userId),
          eq(interviews.interviewSetId, current.setId),
          // Like with like: a set whose level an administrator changed is a different interview.
          eq(interviews.difficulty, current.difficulty),
          ne(interviews.id, interviewId),
          answered(),
          eq(interviews.status, 'completed'),
          eq(reports.status, 'completed'),
          lt(interviews.completedAt, current.completedAt),
        ),
      )
      .orderBy(desc(interviews.completedAt))
      .limit(1);
    previous = row ? toSnapshot(row) : null;
  }
  return { current: toSnapshot(current), previous };
}
