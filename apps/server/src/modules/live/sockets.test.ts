import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED, LIVE_CLOSE, LIVE_LIMITS } from '@candor/shared';
import { session, user } from '../../db/schema';
import { cookiesFrom, useTestApp, databaseKinds } from '../../test/harness';
import { TEST_PASSWORD, signIn, signUpCandidate, ORIGIN } from '../../test/users';
import { createAttempt } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import type { SessionState } from '../../platform/auth/session-states';
import { createLiveSockets } from './sockets';

/**
 * Issue 12, finding 4: a live socket ends with its session (sign-out, password change and reset,
 * revocation, expiry, deactivation) whether or not it sends anything, is capped per attempt and
 * per account, answers pings or is dropped, and has a lifetime.
 */

const QUICK = { sessionCheckEveryMs: 100 };

describe.each(databaseKinds())('live sockets on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { live: QUICK, listen: true });

  const post = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload });

  /** A candidate with an attempt and a live socket on it that has started. */
  async function started() {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Zoe' });
    const { id } = await createAttempt(ctx.app, candidate.cookie, { category: 'Go' });
    const live = await LiveClient.connect(ctx.app, id, candidate.cookie);
    live.start();
    await live.next('reply.end');
    return { ...candidate, id, live };
  }

  async function conversationIds(id: string, cookie: string) {
    const res = await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } });
    return (res.json().conversation as { id: string }[]).map((m) => m.id);
  }

  it('an answer sent after signing out is not stored: the socket closes with SESSION_ENDED', async () => {
    const { id, live, cookie, userId } = await started();
    expect((await post('/api/auth/sign-out', cookie)).statusCode).toBe(200);
    const late = crypto.randomUUID();
    live.send({ type: 'answer', id: late, text: 'Okay, so this comes after signing out.' });
    expect(await live.closed).toEqual(LIVE_CLOSE.sessionEnded);
    // Read back through a new session of the same account.
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, userId));
    const again = await signIn(ctx.app, row!.email, TEST_PASSWORD);
    expect(await conversationIds(id, cookiesFrom(again.headers['set-cookie']))).not.toContain(late);
  });

  it('a quiet socket closes when its session is revoked or expires, without sending anything', async () => {
    const revoked = await started();
    expect((await post('/api/auth/revoke-sessions', revoked.cookie)).statusCode).toBe(200);
    expect(await revoked.live.closed).toEqual(LIVE_CLOSE.sessionEnded);

    const expired = await started();
    await ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(session.userId, expired.userId));
    expect(await expired.live.closed).toEqual(LIVE_CLOSE.sessionEnded);
  });

  it("a password change closes every socket of the account; the changer's new session opens one", async () => {
    const { id, live, cookie, userId } = await started();
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, userId));
    const otherDevice = cookiesFrom(
      (await signIn(ctx.app, row!.email, TEST_PASSWORD)).headers['set-cookie'],
    );
    const other = await LiveClient.connect(ctx.app, id, otherDevice);
    const changed = await post('/api/auth/change-password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changed2@pass',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await other.closed).toEqual(LIVE_CLOSE.sessionEnded);
    expect(await live.closed).toEqual(LIVE_CLOSE.sessionEnded);
    // The browser that changed it holds a new session: the client reconnects with it.
    const fresh = await LiveClient.connect(ctx.app, id, cookiesFrom(changed.headers['set-cookie']));
    fresh.send({ type: 'ping' });
    await fresh.next('pong');
    fresh.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const { live, userId } = await started();
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, userId));
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: row!.email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = ctx.mailer.sent.find((m) => m.to === row!.email);
    const token = /\/reset-password\/([^?\s]+)/.exec(mail!.text)![1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'Renewed2@pass' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await live.closed).toEqual(LIVE_CLOSE.sessionEnded);
  });

  it('a quiet socket of a deactivated account is told why and closed', async () => {
    const { live, userId } = await started();
    await ctx.database.db.update(user).set({ status: 'inactive' }).where(eq(user.id, userId));
    expect(await live.closed).toEqual(LIVE_CLOSE.accountDisabled);
    expect(await live.next('error')).toMatchObject({
      code: 'account_disabled',
      message: ACCOUNT_DISABLED.message,
    });
  });

  it('keeps at most a few sockets per attempt: a new one closes the oldest', async () => {
    const { cookie, id, live: first } = await started();
    const more = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerAttempt; i++) {
      more.push(await LiveClient.connect(ctx.app, id, cookie));
    }
    expect(await first.closed).toEqual(LIVE_CLOSE.replaced);
    // The newest ones work.
    for (const live of more) {
      live.send({ type: 'ping' });
      await live.next('pong');
    }
    // Each new socket past the cap replaces the oldest still open.
    const last = await LiveClient.connect(ctx.app, id, cookie);
    expect(await more[0]!.closed).toEqual(LIVE_CLOSE.replaced);
    for (const live of [...more.slice(1), last]) live.close();
  });

  it('keeps at most a few sockets per account across its attempts', async () => {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Many' });
    const sockets = [];
    for (let i = 0; i <= LIVE_LIMITS.socketsPerUser; i++) {
      const { id } = await createAttempt(ctx.app, cookie, { category: `Topic ${i}` });
      sockets.push(await LiveClient.connect(ctx.app, id, cookie));
    }
    expect(await sockets[0]!.closed).toEqual(LIVE_CLOSE.replaced);
    const open = sockets.slice(1);
    for (const live of open) {
      live.send({ type: 'ping' });
      await live.next('pong');
    }
    for (const live of open) live.close();
  });
});

describe.each(databaseKinds())('live socket pings and lifetime on %s', (kind) => {
  const ctx = useTestApp(
    kind,
    {},
    { live: { pingEveryMs: 1_000, lifetimeMs: 4_000 }, listen: true },
  );

  it('drops a socket that does not answer pings; one that answers stays', async () => {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Pong' });
    const { id } = await createAttempt(ctx.app, cookie, {});
    const answering = await LiveClient.connect(ctx.app, id, cookie);
    const silent = await LiveClient.connect(ctx.app, id, cookie, { autoPong: false });
    // Dropped without a close frame: the peer is not there to read one.
    expect((await silent.closed).code).toBe(1006);
    expect(silent.pings).toBeGreaterThanOrEqual(1);
    answering.send({ type: 'ping' });
    await answering.next('pong');
    expect(answering.pings).toBeGreaterThanOrEqual(1);
    answering.close();
  });

  it('closes a socket at the end of its lifetime with LIFETIME (the client reconnects)', async () => {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Long' });
    const { id } = await createAttempt(ctx.app, cookie, {});
    const live = await LiveClient.connect(ctx.app, id, cookie);
    expect(await live.closed).toEqual(LIVE_CLOSE.lifetime);
    // It answered every ping until then.
    expect(live.pings).toBeGreaterThanOrEqual(2);
    const again = await LiveClient.connect(ctx.app, id, cookie);
    again.send({ type: 'ping' });
    await again.next('pong');
    again.close();
  });
});

describe('the periodic session check', () => {
  /** A socket stand-in: enough of ws for the registry (events, ping, terminate). */
  function fakeSocket(sessionId: string) {
    const ended: string[] = [];
    const socket = new EventEmitter() as EventEmitter & { ping(): void; terminate(): void };
    socket.ping = () => undefined;
    socket.terminate = () => ended.push('terminated');
    return {
      ended,
      live: {
        socket: socket as never,
        userId: `user-${sessionId}`,
        interviewId: `attempt-${sessionId}`,
        sessionId,
        end: (kind: string) => ended.push(kind),
        notify: () => undefined,
      },
    };
  }

  it('leaves a socket opened while the sessions were being looked up alone', async () => {
    let answer!: (states: Map<string, SessionState>) => void;
    const sockets = createLiveSockets({
      db: undefined as never,
      log: { info() {}, warn() {}, error() {} } as never,
      lookUp: () => new Promise((resolve) => (answer = resolve)),
    });
    const first = fakeSocket('s1');
    const revoked = fakeSocket('s2');
    sockets.add(first.live);
    sockets.add(revoked.live);
    const checking = sockets.checkSessions();
    // A candidate connects while the query is on its way (a busy PostgreSQL, a thousand sockets).
    const late = fakeSocket('s3');
    sockets.add(late.live);
    answer(
      new Map<string, SessionState>([
        ['s1', 'active'],
        ['s2', 'ended'],
      ]),
    );
    await checking;
    expect(first.ended).toEqual([]);
    expect(revoked.ended).toEqual(['sessionEnded']);
    expect(late.ended).toEqual([]);
    expect(sockets.size).toBe(2);
  });
});
