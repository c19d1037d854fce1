import type {
  Analytics,
  CandidateRow,
  CandidatesResponse,
  candidatesQuerySchema,
} from '@candor/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { interviews, reports, session, user } from '../../db/schema';
import { notFound } from '../../errors';

/** Every analytics figure in one statement; no rows are loaded into the process. */
export async function analytics(db: Db): Promise<Analytics> {
  const result = await db.execute<{
    total_users: number;
    total: number;
    completed: number;
    scheduled: number;
    cancelled: number;
    average: number | null;
    top_category: string | null;
  }>(sql`
    select
      (select count(*)::int from ${user} where role = 'candidate') as total_users,
      count(*)::int as total,
      count(*) filter (where i.status = 'completed')::int as completed,
      count(*) filter (where i.status = 'scheduled')::int as scheduled,
      count(*) filter (where i.status = 'cancelled')::int as cancelled,
      (select round(avg(r.overall_score)::numeric)::int from ${reports} r where r.status = 'completed' and r.overall_score is not null) as average,
      (select category_name from ${interviews} group by category_name order by count(*) desc, category_name limit 1) as top_category
    from ${interviews} i`);
  // node-postgres answers { rows }, PGlite likewise; both carry the one row.
  const row = ((result as unknown as { rows: Record<string, unknown>[] }).rows ?? [])[0] ?? {};
  return {
    totalUsers: Number(row.total_users ?? 0),
    totalInterviews: Number(row.total ?? 0),
    completedInterviews: Number(row.completed ?? 0),
    scheduledInterviews: Number(row.scheduled ?? 0),
    cancelledInterviews: Number(row.cancelled ?? 0),
    averageScore: row.average === null || row.average === undefined ? null : Number(row.average),
    topCategory: (row.top_category as string | null) ?? null,
  };
}

type CandidatesQuery = z.output<typeof candidatesQuerySchema>;

/** Candidates with their interview counts, filtered and paginated: the page, then its counts. */
export async function candidates(db: Db, q: CandidatesQuery): Promise<CandidatesResponse> {
  const conditions: SQL[] = [eq(user.role, 'candidate')];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${user.email} ilike ${like} or (${user.firstName} || ' ' || ${user.lastName}) ilike ${like})`,
    );
  }
  if (q.experienceLevel !== 'all') conditions.push(eq(user.experienceLevel, q.experienceLevel));
  if (q.status !== 'all') conditions.push(eq(user.status, q.status));
  const where = and(...conditions);

  const [rows, [totals], [summary]] = await Promise.all([
    db
      .select({ u: user })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(where),
    db
      .select({
        totalCandidates: sql<number>`count(*)::int`,
        activeCandidates: sql<number>`(count(*) filter (where ${user.status} = 'active'))::int`,
        totalInterviews: sql<number>`(select count(*)::int from ${interviews} i where i.user_id in (select id from ${user} where role = 'candidate'))`,
        completedInterviews: sql<number>`(select count(*)::int from ${interviews} i where i.status = 'completed' and i.user_id in (select id from ${user} where role = 'candidate'))`,
      })
      .from(user)
      .where(eq(user.role, 'candidate')),
  ]);
  const totalCount = totals?.n ?? 0;
  // Interview counts for the page's candidates only, in one grouped query over their index.
  const ids = rows.map((r) => r.u.id);
  const counts = ids.length
    ? await db
        .select({
          userId: interviews.userId,
          total: sql<number>`count(*)::int`,
          completed: sql<number>`(count(*) filter (where ${interviews.status} = 'completed'))::int`,
        })
        .from(interviews)
        .where(inArray(interviews.userId, ids))
        .groupBy(interviews.userId)
    : [];
  const byUser = new Map(counts.map((c) => [c.userId, c]));
  return {
    data: rows.map(({ u }): CandidateRow => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      experienceLevel: u.experienceLevel,
      status: u.status,
      location: u.location,
      bio: u.bio,
      createdAt: u.createdAt.toISOString(),
      totalInterviews: byUser.get(u.id)?.total ?? 0,
      completedInterviews: byUser.get(u.id)?.completed ?? 0,
    })),
    pagination: {
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / q.limit)),
      currentPage: q.page,
      limit: q.limit,
    },
    summary: summary ?? {
      totalCandidates: 0,
      activeCandidates: 0,
      totalInterviews: 0,
      completedInterviews: 0,
    },
  };
}

/** Activates or deactivates a candidate; deactivation also ends every session they hold. */
export async function setCandidateStatus(db: Db, id: string, status: 'active' | 'inactive') {
  const [row] = await db
    .update(user)
    .set({ status })
    .where(and(eq(user.id, id), eq(user.role, 'candidate')))
    .returning({ id: user.id });
  if (!row) throw notFound('Candidate not found');
  if (status === 'inactive') await db.delete(session).where(eq(session.userId, id));
  const [updated] = await db.select().from(user).where(eq(user.id, id));
  return { id: updated!.id, status: updated!.status };
}
