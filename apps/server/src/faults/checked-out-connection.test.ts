import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { isDatabaseUnavailable } from '../platform/errors';

/**
 * The server ends a connection while a transaction holds it between two queries (what a
 * PostgreSQL restart does to every busy connection). node-postgres then emits 'error' on a client
 * the pool has lent out and no longer listens to; without a listener of ours that is an uncaught
 * exception ending the process. It must instead fail the transaction's next query as "database
 * unavailable" (a 503), reach onError, and leave the pool working.
 */
describe.runIf(inject('pgUrl'))('a connection lost inside a transaction', () => {
  it('fails the transaction as unavailable instead of crashing the process', async () => {
    const database = await openTestDatabase('postgres');
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      let failure: unknown = null;
      await database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          const row = result.rows[0];
          // Another connection ends this transaction's backend while it is between queries.
          await database.db.execute(sql`select pg_terminate_backend(${row!.pid})`);
          await new Promise((r) => setTimeout(r, 200));
          await tx.execute(sql`select 1`);
        })
        .catch((err: unknown) => (failure = err));
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(uncaught).toEqual([]);
      // The broken client left the pool: the next queries get a fresh connection.
      for (let i = 0; i < 10; i++) await database.ping();
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});
