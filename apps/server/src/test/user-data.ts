import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interviewMessages, interviews, reports } from '../db/schema';
import { userFilesDir } from '../modules/account/user-files';

/** Test helpers for account deletion and export (not shipped code). */

const rowsOf = (result: unknown) =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

const ident = (schema: string, table: string) =>
  `"${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`;

/**
 * The rows of a person in every table of the database (read from the catalogue, so a table added
 * tomorrow is searched too): each row whose text mentions one of `needles` (the user id, the
 * e-mail; matched regardless of case, JSON included), and then, through every foreign key, each
 * row that refers to such a row (an attempt's messages name the attempt, not the user), again and
 * again until nothing new is found. Returns the tables with rows, and how many.
 */
export async function rowsMentioning(db: Db, needles: string[]): Promise<Record<string, number>> {
  const tables = rowsOf(
    await db.execute(sql`
      select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  ).map((r) => ({ schema: String(r.s), table: String(r.t) }));
  if (tables.length < 10)
    throw new Error(`only ${tables.length} tables found: wrong catalogue query`);
  const fks = rowsOf(
    await db.execute(sql`
      select cn.nspname as child_schema, cc.relname as child, a.attname as child_col,
             pn.nspname as parent_schema, pc.relname as parent, pa.attname as parent_col
      from pg_constraint c
      join pg_class cc on cc.oid = c.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
      join pg_class pc on pc.oid = c.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1`),
  ).map((r) => ({
    child: ident(String(r.child_schema), String(r.child)),
    childCol: String(r.child_col),
    parent: ident(String(r.parent_schema), String(r.parent)),
    parentCol: String(r.parent_col),
  }));
  /** Keys of found rows, per referenced table and column. */
  const keys = new Map<string, Set<string>>();
  const keyOf = (table: string, col: string) => `${table}.${col}`;
  const found = (table: string) => {
    const text = needles.map((n) => sql`strpos(lower(x::text), ${n.toLowerCase()}) > 0`);
    const refs = fks
      .filter(
        (fk) => fk.child === table && (keys.get(keyOf(fk.parent, fk.parentCol))?.size ?? 0) > 0,
      )
      .map((fk) => {
        const list = [...keys.get(keyOf(fk.parent, fk.parentCol))!];
        return sql`x.${sql.identifier(fk.childCol)}::text in (${sql.join(
          list.map((k) => sql`${k}`),
          sql`, `,
        )})`;
      });
    return sql.join([...text, ...refs], sql` or `);
  };
  const parents = [...new Set(fks.map((fk) => `${fk.parent}|${fk.parentCol}`))].map((p) => {
    const [table, col] = p.split('|') as [string, string];
    return { table, col };
  });
  for (let round = 0; round < 10; round++) {
    let grew = false;
    for (const { table, col } of parents) {
      const rows = rowsOf(
        await db.execute(
          sql`select x.${sql.identifier(col)}::text as k from ${sql.raw(table)} x where ${found(table)}`,
        ),
      );
      const set = keys.get(keyOf(table, col)) ?? new Set<string>();
      const size = set.size;
      for (const r of rows) set.add(String(r.k));
      keys.set(keyOf(table, col), set);
      if (set.size > size) grew = true;
    }
    if (!grew) break;
  }
  const counts: Record<string, number> = {};
  for (const { schema, table } of tables) {
    const name = ident(schema, table);
    const [row] = rowsOf(
      await db.execute(sql`select count(*)::int as n from ${sql.raw(name)} x where ${found(name)}`),
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) counts[`${schema}.${table}`] = n;
  }
  return counts;
}

/**
 * Gives a user a history: a completed attempt with a conversation and a report, and an unfinished
 * one; and stored files under DATA_DIR. Returns the completed attempt's id.
 */
export async function giveHistory(
  db: Db,
  userId: string,
  options: { dataDir?: string; label?: string } = {},
): Promise<{ completed: string; unfinished: string }> {
  const label = options.label ?? 'Zoë';
  const [done] = await db
    .insert(interviews)
    .values({
      userId,
      roomId: crypto.randomUUID(),
      title: 'Caching and consistency',
      categoryName: 'System design',
      difficulty: 'mid',
      type: 'fixed',
      duration: 30,
      topics: ['Caching'],
      questions: [
        {
          id: crypto.randomUUID(),
          questionText: 'How would you invalidate a cache?',
          expectedAnswer: 'SECRET-EXPECTED-ANSWER on writes, with versioned keys.',
          difficulty: 'medium',
          timeLimit: 300,
        },
      ],
      status: 'completed',
      engineState: { internal: 'ENGINE-STATE' },
      startedAt: new Date('2026-01-05T10:00:00Z'),
      completedAt: new Date('2026-01-05T10:20:00Z'),
      createdAt: new Date('2026-01-05T09:59:00Z'),
    })
    .returning();
  const [open] = await db
    .insert(interviews)
    .values({
      userId,
      roomId: crypto.randomUUID(),
      title: 'Databases',
      categoryName: 'Backend',
      difficulty: 'senior',
      type: 'topic-based',
      duration: 45,
      status: 'in_progress',
      createdAt: new Date('2026-01-06T09:00:00Z'),
    })
    .returning();
  await db.insert(interviewMessages).values([
    {
      id: crypto.randomUUID(),
      interviewId: done!.id,
      seq: 1,
      speaker: 'AI',
      message: 'How would you invalidate a cache?',
    },
    {
      id: crypto.randomUUID(),
      interviewId: done!.id,
      seq: 2,
      speaker: 'User',
      message: `Okay, so… ${label} would drop the entry on every write and version the keys.`,
      meta: { mode: 'voice', confidence: 0.9 },
    },
    {
      id: crypto.randomUUID(),
      interviewId: done!.id,
      seq: 3,
      speaker: 'AI',
      message: 'Thank you, that is all.',
    },
  ]);
  await db.insert(reports).values({
    interviewId: done!.id,
    userId,
    status: 'completed',
    overallScore: 72,
    communicationScore: 70,
    problemSolvingScore: 75,
    confidenceScore: 68,
    content: { summary: `${label} explained cache invalidation clearly.` },
    provider: 'builtin',
  });
  if (options.dataDir) {
    const dir = userFilesDir(options.dataDir, userId)!;
    fs.mkdirSync(path.join(dir, 'recordings'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'recordings', `${done!.id}.webm`), 'audio');
    fs.writeFileSync(path.join(dir, 'cv.pdf'), 'document');
  }
  return { completed: done!.id, unfinished: open!.id };
}
