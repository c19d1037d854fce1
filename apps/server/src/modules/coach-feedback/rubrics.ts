import { COACH_FEEDBACK_LIMITS, type Rubric, type rubricInputSchema } from '@candor/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rubrics } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { changeOf, recordChange, type Actor } from '../audit';

/*
 * The rubric library: a few named rubrics whose criteria a coach scores 0–10 beside the automatic
 * score. Coaches and administrators edit it (it holds nobody's data, so there is no scope to
 * narrow); every change is audited. Feedback copies the rubric it was scored with, so an edit or
 * a deletion here never changes what a candidate was told.
 */

type RubricRow = typeof rubrics.$inferSelect;
type Body = z.output<typeof rubricInputSchema>;

export function toRubric(row: RubricRow): Rubric {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    criteria: row.criteria,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log shows of a rubric: its name and its criteria, one line each. */
const audited = (r: { name: string; criteria: Body['criteria'] }) => ({
  name: r.name,
  criteria: r.criteria.map((c) => (c.description ? `${c.name}: ${c.description}` : c.name)),
});

/** The library: the default first, then by name. */
export async function listRubrics(db: Db): Promise<{ rubrics: Rubric[] }> {
  const rows = await db
    .select()
    .from(rubrics)
    .orderBy(desc(rubrics.isDefault), asc(rubrics.name), asc(rubrics.id));
  return { rubrics: rows.map(toRubric) };
}

export async function findRubric(db: Db, id: string): Promise<RubricRow | undefined> {
  const [row] = await db.select().from(rubrics).where(eq(rubrics.id, id));
  return row;
}

export async function createRubric(db: Db, actor: Actor, body: Body): Promise<Rubric> {
  return db.transaction(async (tx) => {
    // Serialises creations, so two at once cannot both slip under the library's size.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rubrics'))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rubrics);
    if (n >= COACH_FEEDBACK_LIMITS.rubrics) {
      throw conflict(`The library holds at most ${COACH_FEEDBACK_LIMITS.rubrics} rubrics`);
    }
    const [row] = await tx
      .insert(rubrics)
      .values({ name: body.name, criteria: body.criteria })
      .returning();
    await recordChange(tx, actor, {
      action: 'rubric_created',
      subject: { type: 'rubric', id: row!.id, label: row!.name },
      after: audited(body),
    });
    return toRubric(row!);
  });
}

export async function updateRubric(db: Db, actor: Actor, id: string, body: Body): Promise<Rubric> {
  return db.transaction(async (tx) => {
    const [was] = await tx.select().from(rubrics).where(eq(rubrics.id, id)).for('update');
    if (!was) throw notFound('Rubric not found');
    const change = changeOf(audited(was), audited(body));
    if (!change) return toRubric(was);
    const [row] = await tx
      .update(rubrics)
      .set({ name: body.name, criteria: body.criteria })
      .where(eq(rubrics.id, id))
      .returning();
    await recordChange(tx, actor, {
      action: 'rubric_updated',
      subject: { type: 'rubric', id, label: body.name },
      ...change,
    });
    return toRubric(row!);
  });
}

export async function deleteRubric(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [was] = await tx.select().from(rubrics).where(eq(rubrics.id, id)).for('update');
    if (!was) throw notFound('Rubric not found');
    if (was.isDefault) throw conflict('The default rubric cannot be deleted');
    await tx.delete(rubrics).where(eq(rubrics.id, id));
    await recordChange(tx, actor, {
      action: 'rubric_deleted',
      subject: { type: 'rubric', id, label: was.name },
      before: audited(was),
    });
  });
}
