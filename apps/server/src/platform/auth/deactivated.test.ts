import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema';
import { createAttempt, insertSet } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { cookiesFrom, useTestApp, databaseKinds } from '../../test/harness';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
  signOut,
} from '../../test/users';

const DISABLED = { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' };

/**
 * An administrator deactivates a candidate whose app is open: whatever the app asks next (a
 * product route, better-auth's session check, a frame on the live channel) gets a clear answer
 * it can turn into "This account has been disabled" on /login; the sessions are good for nothing
 * else, and reactivation ends them.
 */
describe.each(databaseKinds())('a candidate deactivated while signed in, on %s', (kind) => {
  // The read cache stays on (its default), so a cached session cannot hide the change.
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { listen: true });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });

  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const setStatus = async (who: SignedIn, status: 'active' | 'inactive') => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/candidates/${who.userId}/status`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const sessionsOf = async (who: SignedIn) =>
    (await ctx.database.db.select().from(session).where(eq(session.userId, who.userId))).length;

  it("answers every open tab's next call with 403 ACCOUNT_DISABLED until it signs out", async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien" });
    const otherTab = cookiesFrom(
      (await signIn(ctx.app, candidate.email, TEST_PASSWORD)).headers['set-cookie'],
    );
    // The dashboard was open: its reads were answered (and cached).
    expect((await get('/api/interview', candidate.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', otherTab)).statusCode).toBe(200);

    await setStatus(candidate, 'inactive');
    for (const [url, cookie] of [
      ['/api/interview', candidate.cookie],
      ['/api/user/stats', candidate.cookie],
      ['/api/auth/me', otherTab],
      ['/api/auth/get-session', otherTab],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject(DISABLED);
    }
    // Nothing can be changed with it either.
    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: candidate.cookie, origin: ORIGIN },
      payload: { firstName: 'Mallory', lastName: 'Evil', experienceLevel: 'mid' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject(DISABLED);

    // Signing out (what the app does next) ends that tab's session only.
    const out = await signOut(ctx.app, candidate.cookie);
    expect(out.statusCode).toBe(200);
    expect((await get('/api/interview', candidate.cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/me', otherTab)).json()).toMatchObject(DISABLED);
    expect(await sessionsOf(candidate)).toBe(1);

    const again = await signIn(ctx.app, candidate.email, TEST_PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject(DISABLED);
    expect(again.headers['set-cookie'] ?? []).not.toContainEqual(
      expect.stringMatching(/^candor\.session_token=[^;]+;/),
    );
  });

  it("refuses better-auth's own endpoints with the same answer", async () => {
    const candidate = await signUpCandidate(ctx.app);
    await setStatus(candidate, 'inactive');
    const check = await get('/api/auth/get-session', candidate.cookie);
    expect(check.statusCode).toBe(403);
    expect(check.json()).toMatchObject(DISABLED);
    for (const [url, payload] of [
      ['/api/auth/update-user', { firstName: 'Mallory' }],
      ['/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Other1!pass' }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: candidate.cookie, origin: ORIGIN },
        payload,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject(DISABLED);
    }
  });

  it('ends the live interview at its next frame with the reason', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is a closure?' }],
    });
    const { id } = await createAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(ctx.app, id, candidate.cookie);
    live.start();
    await live.next('reply.end');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      live.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    await setStatus(candidate, 'inactive');
    live.send({ type: 'ping' });
    const error = await live.next('error');
    expect(error).toMatchObject({ code: 'account_disabled', message: DISABLED.message });
    expect(await closed).toEqual({ code: 1008, reason: 'ACCOUNT_DISABLED' });
    // Reconnecting is refused before the upgrade.
    expect(await LiveClient.refusal(ctx.app, id, candidate.cookie)).toBe(403);
  });

  it('reactivation lets the candidate sign in again, but no session from before comes back', async () => {
    const candidate = await signUpCandidate(ctx.app);
    await setStatus(candidate, 'inactive');
    await setStatus(candidate, 'active');
    expect(await sessionsOf(candidate)).toBe(0);
    expect((await get('/api/auth/me', candidate.cookie)).statusCode).toBe(401);
    const back = await signIn(ctx.app, candidate.email, TEST_PASSWORD);
    expect(back.statusCode).toBe(200);
    const cookie = cookiesFrom(back.headers['set-cookie']);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
    // Activating an account that is already active signs nobody out.
    await setStatus(candidate, 'active');
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
  });
});
