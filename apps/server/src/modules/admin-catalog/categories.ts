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

export async function createCategory(db: Db | Tx, input: CategoryInput): Promise<Category> {
  const v = categoryInputSchema.parse(input);
  await assertNameFree(db, v.name);
  const [row] = await db.insert(categories).values(v).returning();
  return toCategory(row!, 0);
}

export async function updateCategory(db: Db, id: string, input: CategoryUpdate): Promise<Category> {
  const v = categoryUpdateSchema.parse(input);
  await getCategory(db, id);
  if (v.name !== undefined) await assertNameFree(db, v.name, id);
  await db.update(categories).set(v).where(eq(categories.id, id));
  return getCategory(db, id);
}

/**
 * Refuses while the category still has interview sets (decision 002): deleting a category must
 * never silently take a catalogue with it.
 */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  const category = await getCategory(db, id);
  const n = category._count.interviewSets;
  if (n > 0) {
    throw conflict(
      `This category still has ${n} interview set${n === 1 ? '' : 's'}. Move or delete them first.`,
      'IN_USE',
    );
  }
  await db.delete(categories).where(eq(categories.id, id));
}
