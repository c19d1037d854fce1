import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { insertSet } from '../../test/interviews';
import { useTestApp, databaseKinds } from '../../test/harness';
import {
  ORIGIN,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
  signOut,
  requestAs,
} from '../../test/users';
import { CHANNEL_NAME, type RelayMessage } from './relay';
import { WRITE_SCOPES } from './write-scopes';

/**
 * Issue 12, finding 2: every non-GET request without a candidate session used to drop the whole
 * read cache (and, on PostgreSQL, send a notification on the request pool), 404s, cross-site
 * 403s and 429s included. Now only a write that succeeded invalidates, and only what it touched.
 */

/** A time to live far longer than any test: only invalidation can explain a reload. */
const LONG_TTL = { READ_CACHE_TTL_MS: '300000', SIGN_IN_RATE_LIMIT: '3' };

const get = (app: App, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/** Notifications on the read cache's channel, heard by a connection of the test's own. */
async function observeChannel(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard: RelayMessage[] = [];
  client.on('notification', (msg) => {
    if (msg.channel === CHANNEL_NAME && msg.payload) heard.push(JSON.parse(msg.payload));
  });
  await client.query(`listen ${CHANNEL_NAME}`);
  return {
    heard,
    async next(): Promise<RelayMessage> {
      const until = Date.now() + 10_000;
      while (heard.length === 0) {
        if (Date.now() > until) throw new Error('no notification arrived');
        await new Promise((r) => setTimeout(r, 10));
      }
      return heard.shift()!;
    },
    close: () => client.end(),
  };
}

describe.each(databaseKinds())('the read cache and refused requests (%s)', (kind) => {
  const ctx = useTestApp(kind, LONG_TTL);
  let ada: SignedIn;
  let grace: SignedIn;
  let admin: SignedIn;
  const reads = ['/api/auth/me', '/api/interview', '/api/interview/sets/available'];

  beforeAll(async () => {
    await insertSet(ctx.database.db, { type: 'fixed', questions: [{ questionText: 'Q?' }] });
    ada = await signUpCandidate(ctx.app);
    grace = await signUpCandidate(ctx.app, { firstName: 'Grace' });
    // Before the flood of wrong passwords exhausts the sign-in allowance of this address.
    admin = await signInAdmin(ctx.app);
  });

  /** Reads every hot path as `who`; returns how many lookups missed the cache. */
  async function misses(who: SignedIn): Promise<number> {
    const stats = ctx.app.deps.readCache.stats;
    const before = stats.misses;
    for (const url of reads) expect((await get(ctx.app, url, who.cookie)).statusCode).toBe(200);
    return stats.misses - before;
  }

  it('a flood of refused requests leaves every cached entry in place', async () => {
    const observer =
      kind === 'postgres'
        ? await observeChannel((ctx.database as { url?: string }).url!)
        : undefined;
    await misses(ada); // warm: session, history page, sets available
    expect(await misses(ada)).toBe(0);
    const size = ctx.app.deps.readCache.size;

    const statuses = new Map<number, number>();
    const send = async (options: InjectOptions) => {
      const res = await ctx.app.inject(options);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      return res;
    };
    const flood: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      // Anonymous posts to nowhere.
      flood.push(send({ method: 'POST', url: '/api/nope', headers: { origin: ORIGIN } }));
      // Cross-site writes carrying a real session.
      flood.push(
        send({
          method: 'PUT',
          url: '/api/user/preferences',
          headers: { origin: 'https://evil.example', cookie: ada.cookie },
          payload: { theme: 'dark' },
        }),
      );
      // Writes without a session, with a bad body, on someone else's attempt.
      flood.push(
        send({
          method: 'PUT',
          url: '/api/user/profile',
          headers: { origin: ORIGIN },
          payload: { firstName: 'Mallory' },
        }),
      );
      flood.push(
        send({
          method: 'PUT',
          url: '/api/user/profile',
          headers: { origin: ORIGIN, cookie: grace.cookie },
          payload: { experienceLevel: 'god' },
        }),
      );
      flood.push(
        send({
          method: 'PUT',
          url: `/api/interview/${crypto.randomUUID()}`,
          headers: { origin: ORIGIN, cookie: grace.cookie },
          payload: { status: 'completed' },
        }),
      );
    }
    await Promise.all(flood);
    // Wrong passwords until the sign-in limit answers 429.
    let limited = 0;
    for (let i = 0; i < 30 && limited < 5; i++) {
      const res = await signIn(ctx.app, ada.email, 'wrong-password-1');
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429) limited++;
    }
    console.info(
      `refused-request flood (${kind}): ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(403)).toBeGreaterThan(0);
    expect(statuses.get(429)).toBeGreaterThan(0);

    // Nothing was dropped (Grace's session, looked up by her refused requests, joined).
    expect(ctx.app.deps.readCache.size).toBeGreaterThanOrEqual(size);
    expect(await misses(ada)).toBe(0);

    if (observer) {
      // The first notification after the flood is this write's, number 1: the flood sent none.
      const write = await requestAs(ctx.app, 'PUT', '/api/user/preferences', grace, {
        theme: 'dark',
      });
      expect(write.statusCode).toBe(200);
      expect(await observer.next()).toMatchObject({ seq: 1, users: [grace.userId] });
      await observer.close();
    }
  });

  it('a successful write drops what it touched and nothing else', async () => {
    await misses(ada);
    await misses(grace);

    // Grace's own write: her entries, not Ada's.
    const theme = await requestAs(ctx.app, 'PUT', '/api/user/preferences', grace, {
      theme: 'light',
    });
    expect(theme.statusCode).toBe(200);
    expect(await misses(ada)).toBe(0);
    expect(await misses(grace)).toBe(reads.length);

    // An administrator edits the catalogue: everyone's list of sets, nobody's session or history.
    const category = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { name: `Databases ${crypto.randomBytes(3).toString('hex')}` },
    });
    expect(category.statusCode).toBe(201);
    expect(await misses(ada)).toBe(1);
    expect(await misses(grace)).toBe(1);

    // Ada signs out: her session ends at once; Grace's stays cached.
    const out = await signOut(ctx.app, ada.cookie);
    expect(out.statusCode).toBe(200);
    expect((await get(ctx.app, '/api/auth/me', ada.cookie)).statusCode).toBe(401);
    expect(await misses(grace)).toBe(0);
  });

  it('every writing route declares what it invalidates', () => {
    const undeclared = ctx.app.routeTable
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .filter((name) => !(name in WRITE_SCOPES));
    expect(undeclared, 'add these routes to platform/cache/write-scopes.ts').toEqual([]);
  });
});
