import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../test/harness';
import { openDatabase, type Database } from './client';

const postgres = databaseKinds().includes('postgres');

/**
 * A transaction that starts on a pooled connection the server has just closed (PostgreSQL
 * restarted, an idle connection killed by a proxy) fails; the connection must still go back to the
 * pool. drizzle-orm alone left it checked out: each such failure shrank the pool by one for good,
 * so a few of them starved every request, and closing the database waited forever.
 */
describe.runIf(postgres)('transactions on connections the server closed', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined);
  });

  it('release the connection, so the pool keeps serving and closes', async () => {
    const setup = await openTestDatabase('postgres');
    opened.push(setup);
    const database = await openDatabase({
      url: setup.url!,
      poolSize: 2,
      applicationName: 'candor-dead-clients',
      connectTimeoutMs: 3_000,
      onError: () => undefined,
    });
    const admin = new pg.Client({ connectionString: setup.url! });
    await admin.connect();
    try {
      let failures = 0;
      for (let round = 0; round < 6; round++) {
        // Two idle connections in the pool (one may be a connection killed last round)…
        await Promise.allSettled([
          database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
          database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
        ]);
        // …closed by the server, and used at once, before the pool hears of it.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'candor-dead-clients'`,
        );
        const results = await Promise.allSettled([
          database.db.transaction((tx) => tx.execute(sql`select 1`)),
          database.db.transaction((tx) => tx.execute(sql`select 1`)),
        ]);
        failures += results.filter((r) => r.status === 'rejected').length;
      }
      // The race was really run: connections did die under transactions.
      expect(failures).toBeGreaterThan(0);
      // Every broken connection went back: both places of the pool still serve transactions (a
      // connection killed in the last round may fail once more before the pool drops it)…
      const served = async () => {
        for (let i = 0; ; i++) {
          try {
            return await database.db.transaction((tx) => tx.execute(sql`select 2 as n`));
          } catch (err) {
            if (i >= 2) throw err;
          }
        }
      };
      expect(await Promise.all([served(), served(), served(), served()])).toHaveLength(4);
      // …and closing does not wait for a connection nobody will return.
      await database.close();
    } finally {
      await admin.end();
    }
  }, 60_000);
});
