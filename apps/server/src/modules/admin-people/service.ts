import { EXPERIENCE_LEVELS, USER_STATUSES } from '@candor/shared';
import type {
  adminPasswordChangeSchema,
  adminProfileSchema,
  Analytics,
  CandidateRow,
  CandidatesResponse,
  candidatesQuerySchema,
} from '@candor/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, interviews, reports, session, user } from '../../db/schema';
import type { Auth } from '../../platform/auth/auth';
import { badRequest, notFound } from '../../platform/errors';
import { recordChange, type Actor } from '../audit';
import { candidatesIn, type Scope } from '../cohorts';
import { answeredAs } from '../interviews';
import { getPublicUser } from '../users';

/**
 * Every analytics figure in one statement; no rows are loaded into the process. The attempts are
 * read once: grouped by category, whose per-category counts give both the status totals and the
 * top category (ties go to the name first in alphabetical order). Every status is counted, so the
 * cards add up to the total. The top category is one of the catalogue's own categories (an
 * attempt's category name matched to it regardless of case, shown as the catalogue spells it):
 * attempts created through the API name any category they like, and forty of them must not put
 * arbitrary text on the administrator's dashboard. Only attempts that are history count (answered,
 * decision 038), as in the candidate's own figures.
 */
export async function analytics(db: Db): Promise<Analytics> {
  const result = await db.execute<{
    total_users: number;
    total: number;
    completed: number;
    scheduled: number;
    in_progress: number;
    cancelled: number;
    abandoned: number;
    average: number | null;
    top_category: string | null;
  }>(sql`
    with per_category as (
      select
        i.category_name,
        count(*) as total,
        count(*) filter (where i.status = 'completed') as completed,
        count(*) filter (where i.status = 'scheduled') as scheduled,
        count(*) filter (where i.status = 'in_progress') as in_progress,
        count(*) filter (where i.status = 'cancelled') as cancelled,
        count(*) filter (where i.status = 'cancelled' and i.cancel_reason = 'abandoned') as abandoned
      from ${interviews} i
      where ${answeredAs('i')}
      group by i.category_name
    )
    select
      (select count(*)::int from ${user} where role = 'candidate') as total_users,
      coalesce(sum(total), 0)::int as total,
      coalesce(sum(completed), 0)::int as completed,
      coalesce(sum(scheduled), 0)::int as scheduled,
      coalesce(sum(in_progress), 0)::int as in_progress,
      coalesce(sum(cancelled), 0)::int as cancelled,
      coalesce(sum(abandoned), 0)::int as abandoned,
      (select round(avg(r.overall_score)::numeric)::int from ${reports} r join ${interviews} i on i.id = r.interview_id
        where r.status = 'completed' and r.overall_score is not null and ${answeredAs('i')}) as average,
      (select c.name from per_category pc join ${categories} c on lower(c.name) = lower(pc.category_name)
        group by c.name order by sum(pc.total) desc, c.name limit 1) as top_category
    from per_category`);
  // node-postgres answers { rows }, PGlite likewise; both carry the one row.
  const row = ((result as unknown as { rows: Record<string, unknown>[] }).rows ?? [])[0] ?? {};
  return {
    totalUsers: Number(row.total_users ?? 0),
    totalInterviews: Number(row.total ?? 0),
    completedInterviews: Number(row.completed ?? 0),
    scheduledInterviews: Number(row.scheduled ?? 0),
    inProgressInterviews: Number(row.in_progress ?? 0),
    cancelledInterviews: Number(row.cancelled ?? 0),
    abandonedInterviews: Number(row.abandoned ?? 0),
    finishedInterviews: Number(row.completed ?? 0) + Number(row.cancelled ?? 0),
    averageScore: row.average === null || row.average === undefined ? null : Number(row.average),
    topCategory: (row.top_category as string | null) ?? null,
  };
}

type CandidatesQuery = z.output<typeof candidatesQuerySchema>;

function known<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * Candidates with their interview counts, filtered and paginated: the page, then its counts. A
 * coach's list holds their cohorts' candidates only, and `cohortId` narrows anyone's to one
 * cohort; the summary counts that population (whatever the search and filters).
 */
export async function candidates(
  db: Db,
  scope: Scope,
  q: CandidatesQuery,
): Promise<CandidatesResponse> {
  const population = candidatesIn(scope, user.id, q.cohortId);
  const conditions: SQL[] = [eq(user.role, 'candidate')];
  if (population) conditions.push(population);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${user.email} ilike ${like} or (${user.firstName} || ' ' || ${user.lastName}) ilike ${like})`,
    );
  }
  if (q.experienceLevel !== 'all') conditions.push(eq(user.experienceLevel, q.experienceLevel));
  if (q.status !== 'all') conditions.push(eq(user.status, q.status));
  const where = and(...conditions);

  // The page of candidates and each one's interview counts in one statement: the counts are
  // correlated to the page's rows only (an index lookup per row), never grouped over every attempt.
  // (`page.id` is written out: drizzle would render the CTE column unqualified, which `i` shadows.)
  const page = db.$with('page').as(
    db
      .select({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        experienceLevel: user.experienceLevel,
        status: user.status,
        location: user.location,
        bio: user.bio,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  const [rows, [totals], summary] = await Promise.all([
    db
      .with(page)
      .select({
        id: page.id,
        firstName: page.firstName,
        lastName: page.lastName,
        email: page.email,
        experienceLevel: page.experienceLevel,
        status: page.status,
        location: page.location,
        bio: page.bio,
        createdAt: page.createdAt,
        total: sql<number>`(select count(*)::int from ${interviews} i where i.user_id = page.id and ${answeredAs('i')})`,
        completed: sql<number>`(select count(*)::int from ${interviews} i where i.user_id = page.id and ${answeredAs('i')} and i.status = 'completed')`,
        finished: sql<number>`(select count(*)::int from ${interviews} i where i.user_id = page.id and ${answeredAs('i')} and i.status in ('completed', 'cancelled'))`,
      })
      .from(page)
      .orderBy(desc(page.createdAt), desc(page.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(where),
    population ? summaryOf(db, population) : platformSummary(db),
  ]);
  const totalCount = totals?.n ?? 0;
  return {
    data: rows.map(({ total, completed, finished, createdAt, ...u }): CandidateRow => ({
      ...u,
      // A value the schema does not know (written before better-auth's endpoints were held to
      // the profile rules) shows as the app treats it, instead of failing the whole page.
      experienceLevel: known(EXPERIENCE_LEVELS, u.experienceLevel, 'mid'),
      status: known(USER_STATUSES, u.status, 'inactive'),
      createdAt: createdAt.toISOString(),
      totalInterviews: total,
      completedInterviews: completed,
      finishedInterviews: finished,
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

/**
 * The whole platform's candidates and their interviews. Interviews of candidates = all interviews
 * minus the few of other roles: one pass over the attempts for both counts, and an index lookup
 * for the other roles' rows, never a join.
 */
async function platformSummary(db: Db): Promise<CandidatesResponse['summary'] | undefined> {
  const [row] = await db
    .select({
      totalCandidates: sql<number>`(select count(*)::int from ${user} where role = 'candidate')`,
      activeCandidates: sql<number>`(select count(*)::int from ${user} where role = 'candidate' and status = 'active')`,
      totalInterviews: sql<number>`(a.total - o.total)::int`,
      completedInterviews: sql<number>`(a.completed - o.completed)::int`,
    })
    .from(
      sql`(select count(*) as total, count(*) filter (where i.status = 'completed') as completed from ${interviews} i
          where ${answeredAs('i')}) a,
        (select count(*) as total, count(*) filter (where i.status = 'completed') as completed from ${interviews} i
          where ${answeredAs('i')} and i.user_id in (select id from ${user} where role <> 'candidate')) o`,
    );
  return row;
}

/** The same figures over a population of candidates (a coach's cohorts, or one cohort). */
async function summaryOf(
  db: Db,
  population: SQL,
): Promise<CandidatesResponse['summary'] | undefined> {
  const people = db
    .select({ id: user.id, status: user.status })
    .from(user)
    .where(and(eq(user.role, 'candidate'), population))
    .as('people');
  const [row] = await db
    .select({
      totalCandidates: sql<number>`count(*)::int`,
      activeCandidates: sql<number>`(count(*) filter (where people.status = 'active'))::int`,
      totalInterviews: sql<number>`coalesce(sum((select count(*) from ${interviews} i where i.user_id = people.id and ${answeredAs('i')})), 0)::int`,
      completedInterviews: sql<number>`coalesce(sum((select count(*) from ${interviews} i where i.user_id = people.id and ${answeredAs('i')} and i.status = 'completed')), 0)::int`,
    })
    .from(people);
  return row;
}

/**
 * Activates or deactivates a candidate. A deactivated candidate's open sessions are refused with
 * "This account has been disabled" from their next request on (platform/auth/account-status.ts);
 * activation ends any still left, so none comes back.
 */
export async function setCandidateStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: 'active' | 'inactive',
) {
  const candidate = and(eq(user.id, id), eq(user.role, 'candidate'));
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: user.status })
      .from(user)
      .where(candidate)
      .for('update');
    if (!before) throw notFound('Candidate not found');
    await tx.update(user).set({ status }).where(candidate);
    if (status === 'active' && before.status !== 'active') {
      await tx.delete(session).where(eq(session.userId, id));
    }
    if (before.status !== status) {
      await recordChange(tx, actor, {
        action: 'candidate_status_changed',
        subject: { type: 'user', id, label: '' },
        candidateId: id,
        before: { status: before.status },
        after: { status },
      });
    }
    return { id, status };
  });
}

/** The administrator's own name (e-mail cannot be changed here either). */
export async function updateAdminProfile(
  db: Db,
  userId: string,
  input: z.output<typeof adminProfileSchema>,
) {
  const { firstName, lastName } = input;
  await db
    .update(user)
    .set({ firstName, lastName, name: `${firstName} ${lastName}` })
    .where(eq(user.id, userId));
  return getPublicUser(db, userId);
}

/** better-auth's refusals that are the caller's doing, as 400s naming the field. */
const PASSWORD_REFUSALS: Record<string, [field: string, message: string]> = {
  INVALID_PASSWORD: ['currentPassword', 'Current password is incorrect'],
  CREDENTIAL_ACCOUNT_NOT_FOUND: ['currentPassword', 'This account has no password to change'],
  PASSWORD_TOO_SHORT: ['newPassword', 'Password must be at least 8 characters long'],
  PASSWORD_TOO_LONG: ['newPassword', 'Password is too long'],
};

/**
 * A real password change: better-auth verifies the current password against the stored hash and
 * stores the new one; then every session of the administrator ends (this one included), so they
 * sign in again with the new password.
 */
export async function changeAdminPassword(
  db: Db,
  auth: Auth,
  userId: string,
  input: z.output<typeof adminPasswordChangeSchema>,
  headers: Headers,
) {
  try {
    await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
    });
  } catch (err) {
    const code = (err as { body?: { code?: unknown } }).body?.code;
    const refusal = typeof code === 'string' ? PASSWORD_REFUSALS[code] : undefined;
    if (refusal) throw badRequest(`${refusal[0]}: ${refusal[1]}`, { [refusal[0]]: refusal[1] });
    throw err;
  }
  await db.delete(session).where(eq(session.userId, userId));
  return {
    success: true as const,
    message: 'Credentials updated successfully! You will be logged out.',
  };
}
