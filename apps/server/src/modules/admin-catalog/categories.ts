import {
  type Category,
  type CategoryInput,
  type CategoryUpdate,
  categoryInputSchema,
  categoryUpdateSchema,
} from '@candor/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interviewSets } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { changeOf, recordChange, type Actor } from '../audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Qualified by hand: drizzle leaves columns unqualified in single-table selects, and inside the
// subquery an unqualified "id" would mean the set's id.
const setCount = sql<number>`(select count(*)::int from ${interviewSets} s where s.category_id = "categories"."id")`;

function toCategory(row: typeof categories.$inferSelect, count: number): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    _count: { interviewSets: count },
  };
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ c: categories, n: setCount })
    .from(categories)
    .orderBy(asc(categories.name));
  return rows.map((r) => toCategory(r.c, r.n));
}

async function getCategory(db: Db | Tx, id: string): Promise<Category> {
  const [row] = await db
    .select({ c: categories, n: setCount })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw notFound('Category not found');
  return toCategory(row.c, row.n);
}

/** Names are unique regardless of case; the database's unique index is the final word. */
export async function assertNameFree(db: Db | Tx, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (clash && clash.id !== exceptId)
    throw conflict(`A category named "${name}" already exists`, 'ALREADY_EXISTS');
}

/** What the audit log keeps of a category. */
export const auditedCategory = (
  c: Pick<Category, 'name' | 'description' | 'icon' | 'isActive'>,
) => ({
  name: c.name,
  description: c.description,
  icon: c.icon,
  isActive: c.isActive,
});

/** A new category; recorded as created unless it is part of an import (which records itself). */
export async function createCategory(
  db: Db | Tx,
  actor: Actor | null,
  input: CategoryInput,
): Promise<Category> {
  const v = categoryInputSchema.parse(input);
  const create = async (tx: Db | Tx) => {
    await assertNameFree(tx, v.name);
    const [row] = await tx.insert(categories).values(v).returning();
    const category = toCategory(row!, 0);
    if (actor) {
      await recordChange(tx, actor, {
        action: 'category_created',
        subject: { type: 'category', id: category.id, label: category.name },
        after: auditedCategory(category),
      });
    }
    return category;
  };
  return actor ? (db as Db).transaction(create) : create(db);
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  input: CategoryUpdate,
): Promise<Category> {
  const v = categoryUpdateSchema.parse(input);
  await db.transaction(async (tx) => {
    const before = await getCategory(tx, id);
    if (v.name !== undefined) await assertNameFree(tx, v.name, id);
    await tx.update(categories).set(v).where(eq(categories.id, id));
    const after = await getCategory(tx, id);
    const change = changeOf(auditedCategory(before), auditedCategory(after));
    if (change) {
      await recordChange(tx, actor, {
        action: 'category_updated',
        subject: { type: 'category', id, label: after.name },
        ...change,
      });
    }
  });
  return getCategory(db, id);
}

/**
 * Refuses while the category still has interview sets (decision 002): deleting a category must
 * never silently take a catalogue with it.
 */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await getCategory(tx, id);
    const n = category._count.interviewSets;
    if (n > 0) {
      throw conflict(
        `This category still has ${n} interview set${n === 1 ? '' : 's'}. Move or delete them first.`,
        'IN_USE',
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, actor, {
      action: 'category_deleted',
      subject: { type: 'category', id, label: category.name },
      before: auditedCategory(category),
    });
  });
}
