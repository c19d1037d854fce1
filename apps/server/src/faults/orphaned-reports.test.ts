import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../app';
import type { Database } from '../db/client';
import { reports } from '../db/schema';
import { createAttempt, insertSet } from '../test/interviews';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import {
  databaseKinds,
  memoryMailer,
  openTestDatabase,
  testConfig,
  buildTestApp,
} from '../test/harness';

/**
 * A report left `pending` by a process that died (kill -9 during generation) is finished when a
 * server starts on the database, without waiting for a read to find it stale.
 */
describe.each(databaseKinds())('orphaned pending reports on %s', (kind) => {
  let database: Database;
  const apps: App[] = [];

  const start = async () => {
    const app = await buildTestApp({
      config: testConfig(),
      database,
      secret: 'test-secret-test-secret-test-secret-0123',
      mailer: memoryMailer(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('are generated at start-up', async () => {
    const first = await start();
    const { cookie } = await signUpCandidate(first);
    const setId = await insertSet(database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is a cache?', expectedAnswer: 'Copies of data.' }],
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await createAttempt(first, cookie, { interviewSetId: setId });
      const live = await LiveClient.connect(first, id, cookie);
      live.start();
      await live.next('reply.end');
      await live.answer('A cache keeps copies of data close to where it is used.');
      live.send({ type: 'end' });
      await live.next('ended');
      await live.next('report');
      live.close();
      ids.push(id);
    }
    await first.close();

    // What a process killed during generation leaves behind: the rows still pending.
    for (const id of ids) {
      await database.db
        .update(reports)
        .set({ status: 'pending', content: null, overallScore: null })
        .where(eq(reports.interviewId, id));
    }

    await start();
    // Only the database is read here (a read through the API could restart them itself).
    const until = Date.now() + 20_000;
    for (;;) {
      const rows = await database.db.select({ status: reports.status }).from(reports);
      if (rows.every((r) => r.status !== 'pending')) {
        expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
        break;
      }
      if (Date.now() > until) throw new Error(`still pending: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
