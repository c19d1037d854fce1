import type { Role } from '@candor/shared';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cohortCoaches, cohortMembers, user } from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * Whose data a member of staff may read (decision 046): an administrator, every candidate; a
 * coach, the candidates of the cohorts they coach, and nobody else. Every route a coach may call
 * narrows its reads by this, so a candidate outside the coach's cohorts is not found, exactly as
 * an id that does not exist.
 */
export type Scope = { kind: 'everyone' } | { kind: 'coach'; coachId: string };

export function scopeOf(staff: { id: string; role: Role }): Scope {
  return staff.role === 'admin' ? { kind: 'everyone' } : { kind: 'coach', coachId: staff.id };
}

/**
 * A condition on a column holding a candidate's id: true for the candidates in scope (undefined,
 * no condition, for an administrator), and in one cohort when `cohortId` is given. A coach asking
 * for a cohort they do not coach gets nobody, not their own candidates who are also in it: who
 * else's cohorts a candidate is in is that cohort's business.
 */
export function candidatesIn(
  scope: Scope,
  column: AnyColumn | SQL,
  cohortId?: string,
): SQL | undefined {
  if (scope.kind === 'coach') {
    const oneCohort = cohortId ? sql` and m.cohort_id = ${cohortId}` : sql``;
    return sql`${column} in (select m.user_id from ${cohortMembers} m join ${cohortCoaches} c on c.cohort_id = m.cohort_id where c.user_id = ${scope.coachId}${oneCohort})`;
  }
  if (cohortId) {
    return sql`${column} in (select m.user_id from ${cohortMembers} m where m.cohort_id = ${cohortId})`;
  }
  return undefined;
}

/** A condition on a cohort's id column: the cohorts a coach coaches (every one for an administrator). */
export function cohortsIn(scope: Scope, column: AnyColumn | SQL): SQL | undefined {
  if (scope.kind === 'everyone') return undefined;
  return sql`${column} in (select c.cohort_id from ${cohortCoaches} c where c.user_id = ${scope.coachId})`;
}

/**
 * The candidate, when they are one and in scope; otherwise 404 "Candidate not found", the answer
 * an unknown id gets, so a coach learns nothing of candidates outside their cohorts.
 */
export async function candidateInScope(db: Db, scope: Scope, candidateId: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, candidateId), eq(user.role, 'candidate'), candidatesIn(scope, user.id)));
  if (!row) throw notFound('Candidate not found');
  return row;
}
