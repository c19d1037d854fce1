import type { PublicUser } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema';
import { databaseKinds, useTestApp } from '../../test/harness';
import { ORIGIN, requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

type Answer = { success: true; user: PublicUser | null };

/**
 * The session check a page makes first (GET /api/<portal>/session-profile): one request that says
 * who is signed in to the portal, with their profile, or null for a visitor (200 either way),
 * and does what better-auth's own get-session does over HTTP (refuses a deactivated account,
 * renews a session's cookie near its end).
 */
describe.each(databaseKinds())('the session check on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });
  const check = (portal: 'auth' | 'admin-auth', who: SignedIn | null) =>
    requestAs(ctx.app, 'GET', `/api/${portal}/session-profile`, who);

  it('answers a visitor 200 with nobody, at both portals', async () => {
    for (const portal of ['auth', 'admin-auth'] as const) {
      const res = await check(portal, null);
      expect(res.statusCode, portal).toBe(200);
      expect(res.json<Answer>()).toEqual({ success: true, user: null });
      expect(res.headers['set-cookie'], portal).toBeUndefined();
    }
  });

  it('answers a candidate with the profile /me gives, and nobody at the admin portal', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien" });
    const res = await check('auth', candidate);
    expect(res.statusCode).toBe(200);
    const me = await requestAs(ctx.app, 'GET', '/api/auth/me', candidate);
    expect(res.json<Answer>().user).toEqual(me.json<{ user: PublicUser }>().user);
    expect(res.json<Answer>().user).toMatchObject({ firstName: 'Zoë', role: 'candidate' });
    expect((await check('admin-auth', candidate)).json<Answer>().user).toBeNull();
  });

  it('answers an administrator at the admin portal', async () => {
    const res = await check('admin-auth', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer>().user).toMatchObject({ id: admin.userId, role: 'admin' });
    // The admin portal's cookie opens nothing at the candidate app (decision 001).
    expect((await check('auth', admin)).json<Answer>().user).toBeNull();
  });

  it("refuses a deactivated account's session with 403 ACCOUNT_DISABLED, as get-session does", async () => {
    const candidate = await signUpCandidate(ctx.app);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/candidates/${candidate.userId}/status`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await check('auth', candidate);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('renews the cookie of a session near its end, as get-session does', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const soon = new Date(Date.now() + 60 * 60_000);
    await ctx.database.db
      .update(session)
      .set({ expiresAt: soon })
      .where(eq(session.userId, candidate.userId));
    const res = await check('auth', candidate);
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((c) => /session_token=.+Max-Age=\d{5,}/i.test(c))).toBe(true);
    const [row] = await ctx.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, candidate.userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60_000);
  });
});
