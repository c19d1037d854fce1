import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { categories, user } from '../db/schema';
import { databaseKinds, openTestDatabase } from '../test/harness';
import { startServerProcess, type ServerProcess } from './support';

/**
 * Several server processes started together on one empty PostgreSQL (a deployment scaling out, a
 * restart of every replica at once): each seeds the demo catalogue and creates the first
 * administrator only if none exists, and without a lock they all did, so all but one exited on the
 * unique violation. Start-up work now runs one process at a time.
 */

const pg = databaseKinds().includes('postgres');

describe.runIf(pg)('processes starting together on one empty PostgreSQL', () => {
  let database: (Database & { url?: string }) | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close();
  });

  it('all come up; the catalogue is seeded once and one administrator is created', async () => {
    database = await openTestDatabase('postgres');
    for (let i = 0; i < 3; i++)
      servers.push(startServerProcess({ DATABASE_URL: database.url!, SEED_DEMO: 'true' }));
    const urls = await Promise.all(servers.map((s) => s.url));
    for (const url of urls) expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const admins = await database.db.select().from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(1);
    const names = (await database.db.select({ name: categories.name }).from(categories)).map(
      (c) => c.name,
    );
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    // Exactly one process printed the generated password.
    const told = servers.filter((s) => s.output().includes('No administrator existed'));
    expect(told).toHaveLength(1);
  }, 120_000);
});
