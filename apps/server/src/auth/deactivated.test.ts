import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema';
import { LiveClient, createAttempt, insertSet } from '../modules/interviews/testing';
import { cookiesFrom, createTestApp, databaseKinds, type TestContext } from '../test/harness';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../test/users';

const DISABLED = { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' };

/**
 * An administrator deactivates a candidate whose app is open: whatever the app asks next (a
 * product route, better-auth's session check, a frame on the live channel) gets a clear answer
 * it can turn into "This account has been disabled" on /login, and the sessions end.
 */
describe.each(databaseKinds())('a candidate deactivated while signed in, on %s', (kind) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    // The read cache stays on (its default), so a cached session cannot hide the change.
    ctx = await createTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAdmin(ctx.app);
  });
  afterAll(async () => ctx?.close());

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

  it("answers the app's next API call with 403 ACCOUNT_DISABLED, then ends every session", async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien" });
    const otherTab = cookiesFrom(
      (await signIn(ctx.app, candidate.email, TEST_PASSWORD)).headers['set-cookie'],
    );
    // The dashboard was open: its reads were answered (and cached).
    expect((await get('/api/interview', candidate.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', otherTab)).statusCode).toBe(200);

    await setStatus(candidate, 'inactive');
    const next = await get('/api/interview', candidate.cookie);
    expect(next.statusCode).toBe(403);
    expect(next.json(), next.body).toMatchObject(DISABLED);
    expect(await sessionsOf(candidate)).toBe(0);
    // Signed out everywhere: both tabs now simply have no session.
    expect((await get('/api/interview', candidate.cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/me', otherTab)).statusCode).toBe(401);
    expect((await get('/api/auth/get-session', otherTab)).json()).toBeNull();
    const again = await signIn(ctx.app, candidate.email, TEST_PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject(DISABLED);
  });

  it("refuses better-auth's session check and profile update the same way", async () => {
    const candidate = await signUpCandidate(ctx.app);
    await setStatus(candidate, 'inactive');
    const check = await get('/api/auth/get-session', candidate.cookie);
    expect(check.statusCode).toBe(403);
    expect(check.json()).toMatchObject(DISABLED);
    expect(await sessionsOf(candidate)).toBe(0);

    const later = await signUpCandidate(ctx.app);
    await setStatus(later, 'inactive');
    const update = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: later.cookie, origin: ORIGIN },
      payload: { firstName: 'Mallory' },
    });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toMatchObject(DISABLED);
    // Signing out still works (it is how the app clears the cookie).
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: later.cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBeLessThan(500);
  });

  it('ends the live interview at its next frame with the reason', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is a closure?' }],
    });
    const { id } = await createAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(ctx.app, id, candidate.cookie);
    live.send({ type: 'start' });
    await live.next('reply.end');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      live.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    await setStatus(candidate, 'inactive');
    live.send({ type: 'ping' });
    const error = await live.next('error');
    expect(error).toMatchObject({ code: 'account_disabled', message: DISABLED.message });
    expect(await closed).toEqual({ code: 1008, reason: 'ACCOUNT_DISABLED' });
    expect(await sessionsOf(candidate)).toBe(0);
    expect(await LiveClient.refusal(ctx.app, id, candidate.cookie)).toBe(401);
  });

  it('reactivation lets the candidate sign in again, but no session from before comes back', async () => {
    const candidate = await signUpCandidate(ctx.app);
    await setStatus(candidate, 'inactive');
    await setStatus(candidate, 'active');
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
