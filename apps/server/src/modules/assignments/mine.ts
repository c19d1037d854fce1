import type { MyAssignmentsResponse } from '@candor/shared';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignmentSets, assignments, cohortMembers, cohorts, interviews } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { createInterview } from '../attempts';
import type { CreditPolicy } from '../credits';
import { scoreOf, standings, statusOf } from './grid';
import { setsOf } from './service';

/** How long after its due time an assignment stays in "Assigned to you". */
const SHOWN_AFTER_DUE_MS = 14 * 86_400_000;

/** The assignment's row for one of its sets (joined on it, so an assignment without it is left out). */
const setOfAssignment = (setId: string) =>
  and(eq(assignmentSets.assignmentId, assignments.id), eq(assignmentSets.interviewSetId, setId));

/** The cohorts the candidate is a member of, as a subquery. */
const myCohorts = (userId: string) =>
  sql`(select m.cohort_id from ${cohortMembers} m where m.user_id = ${userId})`;

/**
 * "Assigned to you": the assignments of the candidate's cohorts, due soonest first (those past
 * due for two weeks drop off), each set with where the candidate stands and the attempts used.
 */
export async function myAssignments(
  db: Db,
  userId: string,
  now: Date,
): Promise<MyAssignmentsResponse> {
  const rows = await db
    .select({ a: assignments, cohortName: cohorts.name })
    .from(assignments)
    .innerJoin(cohorts, eq(cohorts.id, assignments.cohortId))
    .where(
      and(
        sql`${assignments.cohortId} in ${myCohorts(userId)}`,
        gt(assignments.dueAt, new Date(now.getTime() - SHOWN_AFTER_DUE_MS)),
      ),
    )
    .orderBy(asc(assignments.dueAt), asc(assignments.id));
  const ids = rows.map((r) => r.a.id);
  const sets = await setsOf(db, ids);
  const open = await openAttempts(db, userId, ids);
  const mine = await Promise.all(ids.map((id) => standings(db, id, userId)));
  return {
    assignments: rows.map(({ a, cohortName }, i) => {
      const bySet = new Map(mine[i]!.map((s) => [s.setId, s]));
      return {
        id: a.id,
        cohortName,
        opensAt: a.opensAt.toISOString(),
        dueAt: a.dueAt.toISOString(),
        attemptsAllowed: a.attemptsAllowed,
        recordingsReviewable: a.recordingsReviewable,
        open: a.opensAt <= now,
        overdue: a.dueAt < now,
        sets: (sets.get(a.id) ?? []).map((set) => {
          const s = bySet.get(set.id);
          return {
            id: set.id,
            title: set.title,
            status: statusOf(s),
            attemptsUsed: s?.attempts ?? 0,
            openInterviewId: open.get(`${a.id}\u0000${set.id}`) ?? null,
            bestScore: scoreOf(s),
          };
        }),
      };
    }),
  };
}

/**
 * Where a course's link to a set opens for this candidate (an LTI launch, decision 047): the
 * assignment of one of their cohorts that gives that set, so the attempt counts for it (its
 * attempt limit, late or on time). Of several, the one due soonest that is not yet past due,
 * else the one most recently due (still shown in "Assigned to you"); one not yet open counts
 * too (its screen says when it opens). None: null, and the launch opens the set for practice.
 */
export async function assignmentOfSet(
  db: Db,
  userId: string,
  setId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(assignmentSets, setOfAssignment(setId))
    .where(
      and(
        sql`${assignments.cohortId} in ${myCohorts(userId)}`,
        gt(assignments.dueAt, new Date(now.getTime() - SHOWN_AFTER_DUE_MS)),
      ),
    )
    .orderBy(
      sql`${assignments.dueAt} < ${now.toISOString()}::timestamptz`,
      sql`abs(extract(epoch from ${assignments.dueAt} - ${now.toISOString()}::timestamptz))`,
      asc(assignments.id),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The candidate's latest unfinished attempt per (assignment, set), answered or not. */
async function openAttempts(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      assignmentId: interviews.assignmentId,
      setId: interviews.interviewSetId,
      id: interviews.id,
    })
    .from(interviews)
    .where(
      and(
        eq(interviews.userId, userId),
        inArray(interviews.assignmentId, ids),
        inArray(interviews.status, ['scheduled', 'in_progress']),
      ),
    )
    .orderBy(desc(interviews.createdAt));
  for (const r of rows) {
    const key = `${r.assignmentId}\u0000${r.setId}`;
    if (!found.has(key)) found.set(key, r.id);
  }
  return found;
}

/**
 * Start one set of an assignment: a new attempt counted towards it (or the unanswered one of it
 * given back). 404 when the candidate is not in its cohort or the set is not in it (as an unknown
 * id); 409 before it opens, and once every attempt allowed is used (counted under the candidate's
 * row lock, so two Starts at once count each other). After the due time it still starts: the
 * attempt counts as late. Coaches may play its recordings only if the assignment allows it.
 */
export async function startAssigned(
  db: Db,
  ctx: { policy: CreditPolicy; now: Date; coachesMayListen: boolean },
  userId: string,
  assignmentId: string,
  setId: string,
): Promise<{ id: string; roomId: string }> {
  const [row] = await db
    .select({ a: assignments })
    .from(assignments)
    .innerJoin(assignmentSets, setOfAssignment(setId))
    .where(
      and(eq(assignments.id, assignmentId), sql`${assignments.cohortId} in ${myCohorts(userId)}`),
    );
  if (!row) throw notFound('Assignment not found');
  const a = row.a;
  if (ctx.now < a.opensAt) {
    throw new AppError(
      409,
      `This assignment opens at ${a.opensAt.toISOString()}; it cannot be started before then`,
      undefined,
      'ASSIGNMENT_NOT_OPEN',
    );
  }
  return createInterview(
    db,
    {
      policy: ctx.policy,
      now: ctx.now,
      coachesMayListen: ctx.coachesMayListen && a.recordingsReviewable,
      assignment: {
        id: a.id,
        check: async (tx) => {
          const [used] = await tx
            .select({ n: count() })
            .from(interviews)
            .where(
              and(
                eq(interviews.assignmentId, a.id),
                eq(interviews.userId, userId),
                eq(interviews.interviewSetId, setId),
                isNotNull(interviews.answeredAt),
              ),
            );
          if ((used?.n ?? 0) >= a.attemptsAllowed) {
            throw new AppError(
              409,
              `All ${a.attemptsAllowed} attempts this assignment allows at this set are used`,
              undefined,
              'ASSIGNMENT_ATTEMPTS_USED',
            );
          }
        },
      },
    },
    userId,
    // The set's snapshot replaces these (title, category and type are the set's own).
    { title: 'Assignment', category: 'Assignment', type: 'fixed', interviewSetId: setId },
  );
}
