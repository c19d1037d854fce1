import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session, user } from '../../db/schema';
import { cookiesFrom, createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import {
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  uniqueEmail,
  signOut,
} from '../../test/users';
import { createAdmin, ensureFirstAdmin, UnverifiedAccountError } from './first-admin';

/** A candidate-app cookie presented under the admin portal's cookie name (same signed value). */
function asAdminCookie(cookie: string): string {
  return cookie.replace(/(^|;\s*)candor\.session_token=/, '$1candor-admin.session_token=');
}

function captureLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (o: object | string, m?: string) =>
    lines.push({ level, msg: typeof o === 'string' ? o : (m ?? '') });
  return { lines, log: { info: at('info'), warn: at('warn') } };
}

/**
 * Issue 12, finding 1: someone signs up as ops@example.com and keeps the cookie; later the
 * operator makes ops@example.com administrator (ADMIN_EMAIL at start-up, or admin:create). The
 * squatter's session must not become an administrator's, and a candidate-app session must never
 * open the admin portal under a renamed cookie.
 */
describe.each(databaseKinds())('making an existing account administrator, on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const sessionsOf = async (userId: string) =>
    ctx.database.db.select().from(session).where(eq(session.userId, userId));

  it("ends the squatter's sessions when a forced promotion makes the account administrator", async () => {
    const squatter = await signUpCandidate(ctx.app, { email: uniqueEmail('ops') });
    expect((await get('/api/auth/me', squatter.cookie)).statusCode).toBe(200);

    const done = await createAdmin(ctx.app.deps, {
      email: squatter.email,
      password: 'Operator-chosen1',
      force: true,
    });

    expect(done).toMatchObject({ action: 'promoted', sessionsEnded: 1 });
    expect(done.summary).toContain('unverified self-registered account');
    expect(done.summary).toContain('1 session of the account ended');
    expect(await sessionsOf(squatter.userId)).toEqual([]);
    // The cookie kept from the sign-up is worth nothing, under either name.
    expect((await get('/api/auth/me', squatter.cookie)).statusCode).toBe(401);
    expect((await get('/api/admin/candidates', asAdminCookie(squatter.cookie))).statusCode).toBe(
      401,
    );
    expect((await get('/api/admin-auth/me', asAdminCookie(squatter.cookie))).statusCode).toBe(401);
    // Their old password is gone too; the operator's opens the portal.
    expect((await signIn(ctx.app, squatter.email, TEST_PASSWORD, 'admin')).statusCode).toBe(401);
    expect((await signIn(ctx.app, squatter.email, 'Operator-chosen1', 'admin')).statusCode).toBe(
      200,
    );
  });

  it('refuses to promote an unverified self-registered account without force, changing nothing', async () => {
    const squatter = await signUpCandidate(ctx.app, { email: uniqueEmail('ops') });
    const attempt = createAdmin(ctx.app.deps, {
      email: squatter.email,
      password: 'Operator-chosen1',
    });
    await expect(attempt).rejects.toBeInstanceOf(UnverifiedAccountError);
    await expect(attempt).rejects.toThrow('--force');

    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, squatter.userId));
    expect(row?.role).toBe('candidate');
    expect((await signIn(ctx.app, squatter.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx.app, squatter.email, 'Operator-chosen1', 'admin')).statusCode).toBe(
      401,
    );
    expect((await get('/api/auth/me', squatter.cookie)).statusCode).toBe(200);
  });

  it('stops the start-up at such an ADMIN_EMAIL with what to do, and promotes it with ADMIN_FORCE', async () => {
    const squatter = await signUpCandidate(ctx.app, { email: uniqueEmail('ops') });
    const config = {
      ...ctx.app.deps.config,
      ADMIN_EMAIL: squatter.email,
      ADMIN_PASSWORD: 'Operator-chosen1',
    };
    const refused = captureLog();
    await expect(
      ensureFirstAdmin({ ...ctx.app.deps, config: { ...config, ADMIN_FORCE: false } }, refused.log),
    ).rejects.toThrow(/never verified[\s\S]*ADMIN_FORCE=true/);
    expect((await get('/api/auth/me', squatter.cookie)).json().user.role).toBe('candidate');

    const forced = captureLog();
    await ensureFirstAdmin(
      { ...ctx.app.deps, config: { ...config, ADMIN_FORCE: true } },
      forced.log,
    );
    expect(forced.lines).toHaveLength(1);
    expect(forced.lines[0]!.level).toBe('warn');
    expect(forced.lines[0]!.msg).toMatch(
      /^ADMIN_EMAIL: The existing account .* was made administrator: the password was replaced and 1 session of the account ended\.$/,
    );
    expect((await get('/api/auth/me', squatter.cookie)).statusCode).toBe(401);
  });

  it('promotes an account whose e-mail a provider verified without force, still ending its sessions', async () => {
    const email = uniqueEmail('sso');
    const userId = crypto.randomUUID();
    await ctx.database.db.insert(user).values({
      id: userId,
      email,
      name: 'Sso Person',
      firstName: 'Sso',
      lastName: 'Person',
      emailVerified: true,
    });
    await ctx.database.db.insert(session).values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const done = await createAdmin(ctx.app.deps, { email, password: 'Sso-admin1' });
    expect(done).toMatchObject({ action: 'promoted', sessionsEnded: 1 });
    expect(await sessionsOf(userId)).toEqual([]);
    expect((await signIn(ctx.app, email, 'Sso-admin1', 'admin')).statusCode).toBe(200);
  });

  it("ends an administrator's sessions when admin:create gives them a new password", async () => {
    const admin = await signInAdmin(ctx.app);
    const done = await createAdmin(ctx.app.deps, { email: admin.email, password: 'Brand-new1' });
    expect(done).toMatchObject({ action: 'updated', sessionsEnded: 1 });
    expect((await get('/api/admin-auth/me', admin.cookie)).statusCode).toBe(401);
  });
});

/**
 * A session remembers the portal it was signed in to; the admin portal's guard and endpoints
 * accept only its own. Both cookies are signed with one secret, so renaming one used to work.
 */
describe.each(databaseKinds())('a session belongs to its portal, on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });

  it('records the portal of each new session', async () => {
    const admin = await signInAdmin(ctx.app);
    const app = cookiesFrom(
      (await signIn(ctx.app, admin.email, TEST_PASSWORD, 'candidate')).headers['set-cookie'],
    );
    expect(app).toMatch(/^candor\.session_token=/);
    const portals = (
      await ctx.database.db.select().from(session).where(eq(session.userId, admin.userId))
    ).map((s) => s.portal);
    expect(portals.sort()).toEqual(['admin', 'candidate']);
  });

  it("refuses an administrator's candidate-app cookie renamed to the admin cookie after they signed out of the portal", async () => {
    const admin = await signInAdmin(ctx.app);
    const appCookie = cookiesFrom(
      (await signIn(ctx.app, admin.email, TEST_PASSWORD, 'candidate')).headers['set-cookie'],
    );
    const out = await signOut(ctx.app, admin.cookie, 'admin');
    expect(out.statusCode).toBe(200);
    expect((await get('/api/admin/analytics', admin.cookie)).statusCode).toBe(401);

    const renamed = asAdminCookie(appCookie);
    expect((await get('/api/admin/analytics', renamed)).statusCode).toBe(401);
    expect((await get('/api/admin/candidates', renamed)).statusCode).toBe(401);
    expect((await get('/api/admin-auth/me', renamed)).statusCode).toBe(401);
    // better-auth's own endpoints of the portal do not take it either.
    expect((await get('/api/admin-auth/get-session', renamed)).statusCode).toBe(401);
    // In the app it was made for, it still works.
    expect((await get('/api/auth/me', appCookie)).statusCode).toBe(200);
  });

  it("refuses a candidate's cookie renamed to the admin cookie as if there were none", async () => {
    const candidate = await signUpCandidate(ctx.app);
    const renamed = asAdminCookie(candidate.cookie);
    expect(renamed).not.toBe(candidate.cookie);
    expect((await get('/api/admin/candidates', renamed)).statusCode).toBe(401);
    expect((await get('/api/admin-auth/me', renamed)).statusCode).toBe(401);
  });

  it('treats sessions from before the portal was recorded as candidate-app sessions', async () => {
    const admin = await signInAdmin(ctx.app);
    expect((await get('/api/admin/analytics', admin.cookie)).statusCode).toBe(200);
    // What the migration gives a session row that existed before: the column's default.
    await ctx.database.db
      .update(session)
      .set({ portal: 'candidate' })
      .where(eq(session.userId, admin.userId));
    ctx.app.deps.readCache.invalidateAll();
    expect((await get('/api/admin/analytics', admin.cookie)).statusCode).toBe(401);
  });
});

describe('the generated first administrator', () => {
  it('never takes over an account someone signed up as admin@candor.local', async () => {
    const ctx = await createTestApp('pglite', { SIGN_IN_RATE_LIMIT: '1000' });
    try {
      const squatter = await signUpCandidate(ctx.app, { email: 'admin@candor.local' });
      const { lines, log } = captureLog();
      await ensureFirstAdmin(ctx.app.deps, log);
      const match = /e-mail (\S+) and password (\S+) /.exec(lines[0]?.msg ?? '');
      expect(match?.[1]).toMatch(/^admin-[0-9a-f]{6}@candor\.local$/);
      expect((await signIn(ctx.app, match![1]!, match![2]!, 'admin')).statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(user).where(eq(user.id, squatter.userId));
      expect(row?.role).toBe('candidate');
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { cookie: squatter.cookie },
          })
        ).json().user.role,
      ).toBe('candidate');
    } finally {
      await ctx.close();
    }
  });
});
