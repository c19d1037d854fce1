import type {
  Assignment,
  AssignmentsResponse,
  AssignableSetsResponse,
  assignmentInputSchema,
  assignmentUpdateSchema,
} from '@candor/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  assignmentSets,
  assignments,
  categories,
  cohortMembers,
  cohorts,
  interviewSets,
  user,
} from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { changeOf, recordChange, type Actor } from '../audit';
import { cohortsIn, type Scope } from '../cohorts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type AssignmentRow = typeof assignments.$inferSelect;

/** Candidates of the assignment's cohort (members now a coach or an administrator are not). */
const candidateCount = sql<number>`(select count(*)::int from ${cohortMembers} m join ${user} u on u.id = m.user_id and u.role = 'candidate' where m.cohort_id = "assignments"."cohort_id")`;

/** Each assignment's sets, in the coach's order. */
export async function setsOf(
  db: Db | Tx,
  ids: string[],
): Promise<Map<string, { id: string; title: string }[]>> {
  const bySet = new Map<string, { id: string; title: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return bySet;
  const rows = await db
    .select({
      assignmentId: assignmentSets.assignmentId,
      id: interviewSets.id,
      title: interviewSets.title,
    })
    .from(assignmentSets)
    .innerJoin(interviewSets, eq(interviewSets.id, assignmentSets.interviewSetId))
    .where(inArray(assignmentSets.assignmentId, ids))
    .orderBy(asc(assignmentSets.position));
  for (const r of rows) bySet.get(r.assignmentId)?.push({ id: r.id, title: r.title });
  return bySet;
}

function toAssignment(
  row: AssignmentRow,
  cohortName: string,
  candidates: number,
  sets: { id: string; title: string }[],
): Assignment {
  return {
    id: row.id,
    cohort: { id: row.cohortId, name: cohortName },
    sets,
    opensAt: row.opensAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    attemptsAllowed: row.attemptsAllowed,
    recordingsReviewable: row.recordingsReviewable,
    candidates,
    createdAt: row.createdAt.toISOString(),
  };
}

const selection = { a: assignments, cohortName: cohorts.name, n: candidateCount };

/** The assignments in scope (a coach: of the cohorts they coach), the latest due first. */
export async function listAssignments(
  db: Db,
  scope: Scope,
  cohortId?: string,
): Promise<AssignmentsResponse> {
  const rows = await db
    .select(selection)
    .from(assignments)
    .innerJoin(cohorts, eq(cohorts.id, assignments.cohortId))
    .where(
      and(
        cohortsIn(scope, assignments.cohortId),
        cohortId ? eq(assignments.cohortId, cohortId) : undefined,
      ),
    )
    .orderBy(desc(assignments.dueAt), asc(assignments.id));
  const sets = await setsOf(
    db,
    rows.map((r) => r.a.id),
  );
  return {
    assignments: rows.map((r) => toAssignment(r.a, r.cohortName, r.n, sets.get(r.a.id) ?? [])),
  };
}

/** One assignment in scope; 404, as an unknown id, for one of a cohort the coach does not coach. */
export async function getAssignment(db: Db | Tx, scope: Scope, id: string): Promise<Assignment> {
  const [row] = await db
    .select(selection)
    .from(assignments)
    .innerJoin(cohorts, eq(cohorts.id, assignments.cohortId))
    .where(and(eq(assignments.id, id), cohortsIn(scope, assignments.cohortId)));
  if (!row) throw notFound('Assignment not found');
  const sets = await setsOf(db, [id]);
  return toAssignment(row.a, row.cohortName, row.n, sets.get(id) ?? []);
}

/** The active sets a coach may assign (the catalogue itself is administrators' only). */
export async function assignableSets(db: Db): Promise<AssignableSetsResponse> {
  const rows = await db
    .select({ id: interviewSets.id, title: interviewSets.title, categoryName: categories.name })
    .from(interviewSets)
    .innerJoin(categories, eq(categories.id, interviewSets.categoryId))
    .where(eq(interviewSets.isActive, true))
    .orderBy(asc(categories.name), asc(interviewSets.title), asc(interviewSets.id));
  return { sets: rows };
}

/** The sets named, each active (400 naming setIds otherwise), in the order given. */
async function checkSets(tx: Tx, ids: string[]): Promise<{ id: string; title: string }[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: interviewSets.id, title: interviewSets.title })
    .from(interviewSets)
    .where(and(inArray(interviewSets.id, unique), eq(interviewSets.isActive, true)));
  if (rows.length !== unique.length) {
    const message = 'each must be the id of an active interview set';
    throw badRequest(`setIds: ${message}`, { setIds: message });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

/** The cohort, when in scope (404 "Cohort not found" otherwise, as an unknown id). */
async function cohortInScope(tx: Tx, scope: Scope, id: string) {
  const [row] = await tx
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(and(eq(cohorts.id, id), cohortsIn(scope, cohorts.id)));
  if (!row) throw notFound('Cohort not found');
  return row;
}

/** What the audit log keeps of an assignment (no candidate is named in it). */
function audited(row: AssignmentRow, sets: { title: string }[]) {
  return {
    sets: sets.map((s) => s.title),
    opensAt: row.opensAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    attemptsAllowed: row.attemptsAllowed,
    recordingsReviewable: row.recordingsReviewable,
  };
}

const label = (cohortName: string, sets: { title: string }[]) =>
  `${cohortName}: ${sets.map((s) => s.title).join(', ')}`.slice(0, 200);

export async function createAssignment(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof assignmentInputSchema>,
): Promise<Assignment> {
  const id = await db.transaction(async (tx) => {
    const cohort = await cohortInScope(tx, scope, input.cohortId);
    const sets = await checkSets(tx, input.setIds);
    const [row] = await tx
      .insert(assignments)
      .values({
        cohortId: cohort.id,
        opensAt: new Date(input.opensAt),
        dueAt: new Date(input.dueAt),
        attemptsAllowed: input.attemptsAllowed,
        recordingsReviewable: input.recordingsReviewable,
        createdBy: actor.id,
      })
      .returning();
    await tx
      .insert(assignmentSets)
      .values(
        sets.map((s, position) => ({ assignmentId: row!.id, interviewSetId: s.id, position })),
      );
    await recordChange(tx, actor, {
      action: 'assignment_created',
      subject: { type: 'assignment', id: row!.id, label: label(cohort.name, sets) },
      after: { cohort: cohort.name, ...audited(row!, sets) },
    });
    return row!.id;
  });
  return getAssignment(db, scope, id);
}

/** The assignment locked for a change, when in scope (404 otherwise), with its cohort's name. */
async function lockAssignment(tx: Tx, scope: Scope, id: string) {
  const [row] = await tx
    .select({ a: assignments, cohortName: cohorts.name })
    .from(assignments)
    .innerJoin(cohorts, eq(cohorts.id, assignments.cohortId))
    .where(and(eq(assignments.id, id), cohortsIn(scope, assignments.cohortId)))
    .for('update', { of: assignments });
  if (!row) throw notFound('Assignment not found');
  return row;
}

export async function updateAssignment(
  db: Db,
  actor: Actor,
  scope: Scope,
  id: string,
  input: z.output<typeof assignmentUpdateSchema>,
): Promise<Assignment> {
  await db.transaction(async (tx) => {
    const { a: stored, cohortName } = await lockAssignment(tx, scope, id);
    const storedSets = (await setsOf(tx, [id])).get(id) ?? [];
    const opensAt = input.opensAt ? new Date(input.opensAt) : stored.opensAt;
    const dueAt = input.dueAt ? new Date(input.dueAt) : stored.dueAt;
    if (opensAt >= dueAt) {
      const field = input.dueAt ? 'dueAt' : 'opensAt';
      const message = field === 'dueAt' ? 'must be after opensAt' : 'must be before dueAt';
      throw badRequest(`${field}: ${message}`, { [field]: message });
    }
    const [row] = (await tx
      .update(assignments)
      .set({
        opensAt,
        dueAt,
        attemptsAllowed: input.attemptsAllowed ?? stored.attemptsAllowed,
        recordingsReviewable: input.recordingsReviewable ?? stored.recordingsReviewable,
        updatedAt: new Date(),
      })
      .where(eq(assignments.id, id))
      .returning()) as [AssignmentRow];
    let sets = storedSets;
    if (input.setIds) {
      sets = await checkSets(tx, input.setIds);
      await tx.delete(assignmentSets).where(eq(assignmentSets.assignmentId, id));
      await tx
        .insert(assignmentSets)
        .values(sets.map((s, position) => ({ assignmentId: id, interviewSetId: s.id, position })));
    }
    const change = changeOf(audited(stored, storedSets), audited(row, sets));
    if (change) {
      await recordChange(tx, actor, {
        action: 'assignment_updated',
        subject: { type: 'assignment', id, label: label(cohortName, sets) },
        ...change,
      });
    }
  });
  return getAssignment(db, scope, id);
}

/** Deletes an assignment; its attempts stay the candidates' history, no longer counted to it. */
export async function deleteAssignment(
  db: Db,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { a: stored, cohortName } = await lockAssignment(tx, scope, id);
    const sets = (await setsOf(tx, [id])).get(id) ?? [];
    await tx.delete(assignments).where(eq(assignments.id, id));
    await recordChange(tx, actor, {
      action: 'assignment_deleted',
      subject: { type: 'assignment', id, label: label(cohortName, sets) },
      before: { cohort: cohortName, ...audited(stored, sets) },
    });
  });
}
