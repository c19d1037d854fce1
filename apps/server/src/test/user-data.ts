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

/**
 * Every table of the database's own schemas (read from the catalogue, so a table added tomorrow is
 * searched too), with how many of its rows mention any of `needles` (a user id, an e-mail), matched
 * without regard to case in the row's whole text. Only tables with a match are listed.
 */
export async function rowsMentioning(db: Db, needles: string[]): Promise<Record<string, number>> {
  const tables = rowsOf(
    await db.execute(sql`
      select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  if (tables.length < 10)
    throw new Error(`only ${tables.length} tables found: wrong catalogue query`);
  const found: Record<string, number> = {};
  for (const { s, t } of tables) {
    const name = `"${String(s).replaceAll('"', '""')}"."${String(t).replaceAll('"', '""')}"`;
    const conditions = needles.map((n) => sql`strpos(lower(x::text), ${n.toLowerCase()}) > 0`);
    const [row] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from ${sql.raw(name)} x where ${sql.join(conditions, sql` or `)}`,
      ),
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) found[`${String(s)}.${String(t)}`] = n;
  }
  return found;
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
