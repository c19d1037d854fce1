import type {
  Cohort,
  CohortsResponse,
  cohortInputSchema,
  cohortUpdateSchema,
  PersonRef,
} from '@candor/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cohortCoaches, cohortMembers, cohorts, user } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { changeOf, recordChange, type Actor } from '../audit';
import { cohortsIn, type Scope } from './scope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CohortRow = typeof cohorts.$inferSelect;

const personName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/** Candidates of a cohort (members whose account is now a coach's or an administrator's are not). */
const memberCount = sql<number>`(select count(*)::int from ${cohortMembers} m join ${user} u on u.id = m.user_id and u.role = 'candidate' where m.cohort_id = "cohorts"."id")`;

async function coachesOf(db: Db | Tx, ids: string[]): Promise<Map<string, PersonRef[]>> {
  const byCohort = new Map<string, PersonRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byCohort;
  const rows = await db
    .select({
      cohortId: cohortCoaches.cohortId,
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })
    .from(cohortCoaches)
    .innerJoin(user, eq(user.id, cohortCoaches.userId))
    .where(inArray(cohortCoaches.cohortId, ids))
    .orderBy(asc(user.firstName), asc(user.lastName), asc(user.id));
  for (const r of rows) {
    byCohort.get(r.cohortId)?.push({ id: r.id, name: personName(r), email: r.email });
  }
  return byCohort;
}

function toCohort(row: CohortRow, members: number, coaches: PersonRef[]): Cohort {
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    emailDomain: row.emailDomain,
    coaches,
    memberCount: members,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The cohorts in scope (a coach: those they coach), the latest start first. */
export async function listCohorts(db: Db, scope: Scope): Promise<CohortsResponse> {
  const rows = await db
    .select({ c: cohorts, n: memberCount })
    .from(cohorts)
    .where(cohortsIn(scope, cohorts.id))
    .orderBy(desc(cohorts.startsOn), asc(cohorts.name), asc(cohorts.id));
  const coaches = await coachesOf(
    db,
    rows.map((r) => r.c.id),
  );
  return { cohorts: rows.map((r) => toCohort(r.c, r.n, coaches.get(r.c.id) ?? [])) };
}

/** One cohort in scope; 404 for one that does not exist or that a coach does not coach. */
export async function getCohort(db: Db | Tx, scope: Scope, id: string): Promise<Cohort> {
  const [row] = await db
    .select({ c: cohorts, n: memberCount })
    .from(cohorts)
    .where(and(eq(cohorts.id, id), cohortsIn(scope, cohorts.id)));
  if (!row) throw notFound('Cohort not found');
  const coaches = await coachesOf(db, [id]);
  return toCohort(row.c, row.n, coaches.get(id) ?? []);
}

/** A cohort row locked for a change in this transaction (404 when there is none). */
export async function lockCohort(tx: Tx, id: string): Promise<CohortRow> {
  const [row] = await tx.select().from(cohorts).where(eq(cohorts.id, id)).for('update');
  if (!row) throw notFound('Cohort not found');
  return row;
}

/** The coaches named, each of whom must be an account with the coach role (400 naming coachIds). */
async function checkCoaches(tx: Tx, ids: string[]): Promise<PersonRef[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(user)
    .where(and(inArray(user.id, unique), eq(user.role, 'coach')));
  if (rows.length !== unique.length) {
    const message = 'coachIds: each must be the id of a coach (make the person a coach first)';
    throw badRequest(message, { coachIds: message.slice('coachIds: '.length) });
  }
  return rows.map((r) => ({ id: r.id, name: personName(r), email: r.email }));
}

/** What the audit log keeps of a cohort: its fields and its coaches' names (staff, not candidates). */
function audited(row: CohortRow, coaches: PersonRef[]) {
  return {
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    emailDomain: row.emailDomain,
    coaches: coaches.map((c) => c.name).sort(),
  };
}

export async function createCohort(
  db: Db,
  actor: Actor,
  input: z.output<typeof cohortInputSchema>,
): Promise<Cohort> {
  const id = await db.transaction(async (tx) => {
    const coaches = await checkCoaches(tx, input.coachIds);
    const [row] = await tx
      .insert(cohorts)
      .values({
        name: input.name,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        emailDomain: input.emailDomain || null,
        createdBy: actor.id,
      })
      .returning();
    if (coaches.length > 0) {
      await tx
        .insert(cohortCoaches)
        .values(coaches.map((c) => ({ cohortId: row!.id, userId: c.id })));
    }
    await recordChange(tx, actor, {
      action: 'cohort_created',
      subject: { type: 'cohort', id: row!.id, label: row!.name },
      after: audited(row!, coaches),
    });
    return row!.id;
  });
  return getCohort(db, { kind: 'everyone' }, id);
}

export async function updateCohort(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof cohortUpdateSchema>,
): Promise<Cohort> {
  await db.transaction(async (tx) => {
    const stored = await lockCohort(tx, id);
    const before = audited(stored, (await coachesOf(tx, [id])).get(id) ?? []);
    const startsOn = input.startsOn ?? stored.startsOn;
    const endsOn = input.endsOn ?? stored.endsOn;
    if (startsOn > endsOn) {
      const field = input.endsOn ? 'endsOn' : 'startsOn';
      const message =
        field === 'endsOn' ? 'must not be before startsOn' : 'must not be after endsOn';
      throw badRequest(`${field}: ${message}`, { [field]: message });
    }
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.startsOn !== undefined ? { startsOn } : {}),
      ...(input.endsOn !== undefined ? { endsOn } : {}),
      ...(input.emailDomain !== undefined ? { emailDomain: input.emailDomain || null } : {}),
    };
    let row = stored;
    if (Object.keys(fields).length > 0) {
      [row] = (await tx.update(cohorts).set(fields).where(eq(cohorts.id, id)).returning()) as [
        CohortRow,
      ];
    }
    let coaches = before.coaches;
    if (input.coachIds) {
      const named = await checkCoaches(tx, input.coachIds);
      await tx.delete(cohortCoaches).where(eq(cohortCoaches.cohortId, id));
      if (named.length > 0) {
        await tx.insert(cohortCoaches).values(named.map((c) => ({ cohortId: id, userId: c.id })));
      }
      coaches = named.map((c) => c.name).sort();
    }
    const change = changeOf(before, { ...audited(row, []), coaches });
    if (change) {
      await recordChange(tx, actor, {
        action: 'cohort_updated',
        subject: { type: 'cohort', id, label: row.name },
        ...change,
      });
    }
  });
  return getCohort(db, { kind: 'everyone' }, id);
}

/** Deletes a cohort with its memberships, coaches and invite links; the candidates stay. */
export async function deleteCohort(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await lockCohort(tx, id);
    const coaches = (await coachesOf(tx, [id])).get(id) ?? [];
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cohortMembers)
      .where(eq(cohortMembers.cohortId, id));
    await tx.delete(cohorts).where(eq(cohorts.id, id));
    await recordChange(tx, actor, {
      action: 'cohort_deleted',
      subject: { type: 'cohort', id, label: stored.name },
      before: audited(stored, coaches),
      details: { members: n },
    });
  });
}
