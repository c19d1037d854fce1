import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createAnsweredAttempt, insertSet } from '../../test/interviews';
import {
  createTestApp,
  useTestApp,
  databaseKinds,
  memoryMailer,
  testConfig,
  type TestContext,
  buildTestApp,
} from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn, signOut } from '../../test/users';
import { CHANNEL_NAME, type RelayMessage } from './relay';

/** A time to live far longer than any test: only invalidation can explain a fresh answer. */
const LONG_TTL = { READ_CACHE_TTL_MS: '300000', SIGN_IN_RATE_LIMIT: '1000' };

async function get(app: App, url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

describe.each(databaseKinds())('the read cache in one process (%s)', (kind) => {
  const ctx = useTestApp(kind, LONG_TTL);
  let candidate: SignedIn;
  let setId: string;
  beforeAll(async () => {
    candidate = await signUpCandidate(ctx.app);
    setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'Q?' }],
    });
  });

  it('serves repeated reads from memory, and a write is visible on the very next read', async () => {
    const stats = ctx.app.deps.readCache.stats;
    const first = await get(ctx.app, '/api/interview', candidate.cookie);
    expect(first.json().meta.totalCount).toBe(0);
    const hits = stats.hits;
    const again = await get(ctx.app, '/api/interview', candidate.cookie);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(stats.hits).toBeGreaterThanOrEqual(hits + 2); // the session and the page
    await createAnsweredAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
    expect((await get(ctx.app, '/api/interview', candidate.cookie)).json().meta.totalCount).toBe(1);
  });

  it('an admin change reaches candidates at once (catalogue, and a disabled account)', async () => {
    const admin = await signInAdmin(ctx.app);
    const before = (await get(ctx.app, '/api/interview/sets/available', candidate.cookie)).json();
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/interview-sets/${setId}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { isActive: false },
    });
    const after = (await get(ctx.app, '/api/interview/sets/available', candidate.cookie)).json();
    expect(after.length).toBe(before.length - 1);
    const status = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/candidates/${candidate.userId}/status`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { status: 'inactive' },
    });
    expect(status.statusCode).toBe(200);
    // Refused at once with the reason, not after the cache expires.
    const refused = await get(ctx.app, '/api/interview', candidate.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('sign-out ends a cached session at once', async () => {
    const other = await signUpCandidate(ctx.app);
    expect((await get(ctx.app, '/api/auth/me', other.cookie)).statusCode).toBe(200);
    await signOut(ctx.app, other.cookie);
    expect((await get(ctx.app, '/api/auth/me', other.cookie)).statusCode).toBe(401);
  });
});

describe.runIf(databaseKinds().includes('postgres'))(
  'the read cache across two processes on one PostgreSQL',
  () => {
    let ctx: TestContext;
    let secondDb: Database;
    let second: App;
    beforeAll(async () => {
      ctx = await createTestApp('postgres', LONG_TTL);
      const url = (ctx.database as Database & { url?: string }).url!;
      secondDb = await openDatabase({ url, poolSize: 3, applicationName: 'candor-b' });
      second = await buildTestApp({
        config: testConfig(LONG_TTL),
        database: secondDb,
        secret: 'test-secret-test-secret-test-secret-0123',
        mailer: memoryMailer(),
      });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
      await ctx?.close();
    });

    async function eventually(check: () => Promise<boolean>) {
      const until = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > until) throw new Error('the other process never heard of the write');
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it("a write on one process drops the other's cached reads and sessions", async () => {
      const candidate = await signUpCandidate(ctx.app);
      const setId = await insertSet(ctx.database.db, {
        type: 'fixed',
        title: `Set ${crypto.randomUUID()}`,
      });
      expect((await get(second, '/api/interview', candidate.cookie)).json().meta.totalCount).toBe(
        0,
      );
      await get(second, '/api/interview', candidate.cookie); // now cached on the second process
      await createAnsweredAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
      await eventually(
        async () =>
          (await get(second, '/api/interview', candidate.cookie)).json().meta.totalCount === 1,
      );
      await signOut(ctx.app, candidate.cookie);
      await eventually(
        async () => (await get(second, '/api/auth/me', candidate.cookie)).statusCode === 401,
      );
    });

    /** A connection of the test's own, hearing every notification on the read cache's channel. */
    async function observe() {
      const client = new pg.Client({ connectionString: (ctx.database as { url?: string }).url });
      await client.connect();
      const heard: RelayMessage[] = [];
      client.on('notification', (msg) => {
        if (msg.channel === CHANNEL_NAME && msg.payload) heard.push(JSON.parse(msg.payload));
      });
      await client.query(`listen ${CHANNEL_NAME}`);
      return { heard, close: () => client.end() };
    }

    /** Reads each candidate's hot paths on the second process so they are cached there. */
    async function warm(people: SignedIn[]) {
      for (const p of people) {
        expect((await get(second, '/api/interview', p.cookie)).statusCode).toBe(200);
        await get(second, '/api/interview', p.cookie);
      }
    }

    it('a burst of writes on one process travels in few notifications and reaches the other', async () => {
      const observer = await observe();
      const people = await Promise.all(Array.from({ length: 20 }, () => signUpCandidate(ctx.app)));
      await warm(people);

      // The invalidations of one tick leave in one notification.
      for (const p of people) ctx.app.deps.readCache.invalidateUser(p.userId);
      await eventually(async () => observer.heard.length > 0);
      await new Promise((r) => setTimeout(r, 100));
      expect(observer.heard).toHaveLength(1);
      expect(new Set(observer.heard[0]!.users)).toEqual(new Set(people.map((p) => p.userId)));
      observer.heard.length = 0;

      // Thirty candidates writing at once over HTTP: every one reaches the second process.
      await warm(people);
      const misses = second.deps.readCache.stats.misses;
      const writes = await Promise.all(
        people.map((p) =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/user/preferences',
            headers: { cookie: p.cookie, origin: ORIGIN },
            payload: { theme: 'dark' },
          }),
        ),
      );
      expect(writes.every((w) => w.statusCode === 200)).toBe(true);
      const told = () => new Set(observer.heard.flatMap((m) => m.users ?? []));
      await eventually(async () => people.every((p) => told().has(p.userId)));
      // Each one's cached session and history page are gone on the second process.
      await warm(people);
      expect(second.deps.readCache.stats.misses - misses).toBe(people.length * 2);
      console.info(
        `read cache: ${people.length} concurrent writes on one process → ${observer.heard.length} notification(s) (${(observer.heard.length / people.length).toFixed(2)} per write)`,
      );
      await observer.close();
    });

    it('the other process drops its cache when its listening connection is cut, and hears again after', async () => {
      const candidate = await signUpCandidate(ctx.app);
      await warm([candidate]);
      expect(second.deps.readCache.size).toBeGreaterThan(0);
      const admin = new pg.Client({ connectionString: (ctx.database as { url?: string }).url });
      await admin.connect();
      const cut = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'candor-b:channel'",
      );
      expect(cut.rowCount).toBe(1);
      // Reconnected (with back-off) and, not knowing what it missed, forgot everything.
      await eventually(async () => {
        const again = await admin.query(
          "select 1 from pg_stat_activity where application_name = 'candor-b:channel'",
        );
        return again.rowCount === 1 && second.deps.readCache.size === 0;
      });
      await admin.end();

      await warm([candidate]);
      await createAnsweredAttempt(ctx.app, candidate.cookie, {
        interviewSetId: await insertSet(ctx.database.db, { type: 'fixed' }),
      });
      await eventually(
        async () =>
          (await get(second, '/api/interview', candidate.cookie)).json().meta.totalCount === 1,
      );
    });
  },
);
