import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { registerErrorHandler } from '../http/error-handler';
import { session, user } from '../../db/schema';
import { cookiesFrom, createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  postSignUp,
  signUpBody,
  signOut,
} from '../../test/users';

describe.each(databaseKinds())('accounts on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const signUp = (payload: Record<string, unknown>) => postSignUp(ctx.app, payload);
  const valid = () => signUpBody({ experienceLevel: 'senior' });

  describe('sign-up validation', () => {
    it.each([
      ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
      [
        'firstName',
        { firstName: 'Ada1' },
        'First name can only contain letters, spaces, hyphens and apostrophes',
      ],
      ['lastName', { lastName: 'x'.repeat(51) }, 'Last name must be at most 50 characters'],
      ['email', { email: 'nope' }, 'Please enter a valid email address'],
      ['password', { password: 'short1!' }, 'Password must be at least 8 characters'],
      ['password', { password: 'secret1!x' }, 'Password must contain an uppercase letter'],
      ['password', { password: 'SECRET1!X' }, 'Password must contain a lowercase letter'],
      ['password', { password: 'Secret!!x' }, 'Password must contain a number'],
      ['password', { password: 'Secret11x' }, 'Password must contain a special character'],
      ['experienceLevel', { experienceLevel: 'guru' }, 'Please select a valid experience level'],
    ])('rejects a bad %s with the spec message', async (field, change, message) => {
      const res = await signUp({ ...valid(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
    });

    it('creates a candidate with the profile fields and a session', async () => {
      const body = valid();
      const res = await signUp({ ...body, email: body.email.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = cookiesFrom(res.headers['set-cookie']);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        success: true,
        user: {
          email: body.email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          experienceLevel: 'senior',
          role: 'candidate',
          status: 'active',
        },
      });
    });

    it('never makes a second account with the same e-mail (what it answers: sign-up.test.ts)', async () => {
      const body = valid();
      expect((await signUp(body)).statusCode).toBe(200);
      const again = await signUp(body);
      expect(again.statusCode).toBe(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      const rows = await ctx.database.db.select().from(user).where(eq(user.email, body.email));
      expect(rows).toHaveLength(1);
    });

    it('never lets a client choose its role', async () => {
      const body = { ...valid(), role: 'admin' };
      const res = await signUp(body);
      const [row] = await ctx.database.db.select().from(user).where(eq(user.email, body.email));
      expect(res.statusCode === 400 || row?.role === 'candidate').toBe(true);
    });
  });

  describe('sign-in and sessions', () => {
    it('sets an httpOnly, SameSite=Lax cookie and answers /auth/me', async () => {
      const { email } = await signUpCandidate(ctx.app);
      const res = await signIn(ctx.app, email, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      const raw = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('candor.session_token'));
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Lax/i);
      expect(raw).not.toMatch(/Secure/i);
    });

    it('refuses a wrong password with 401 and a clear message', async () => {
      const { email } = await signUpCandidate(ctx.app);
      const res = await signIn(ctx.app, email, 'Wrong1!pass');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    });

    it.each([
      ['candidate', '/api/auth'],
      ['admin', '/api/admin-auth'],
    ])('checks the %s sign-in form with the spec messages', async (_portal, base) => {
      const post = (payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: `${base}/sign-in/email`,
          headers: { origin: ORIGIN },
          payload,
        });
      expect((await post({ password: 'x' })).json()).toMatchObject({
        field: 'email',
        message: 'Email is required',
      });
      const bad = await post({ email: 'ada-at-example', password: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        field: 'email',
        message: 'Please enter a valid email address',
      });
      expect((await post({ email: 'a@b.co', password: '' })).json()).toMatchObject({
        field: 'password',
        message: 'Password is required',
      });
    });

    it('trims and lower-cases the e-mail at sign-in', async () => {
      const { email } = await signUpCandidate(ctx.app);
      const res = await signIn(ctx.app, `  ${email.toUpperCase()} `, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
    });

    it('/auth/me without a session is 401', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
    });

    it('sign-out ends the session', async () => {
      const { cookie } = await signUpCandidate(ctx.app);
      const out = await signOut(ctx.app, cookie);
      expect(out.statusCode).toBe(200);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    });

    it('refuses a sign-in POST from a foreign origin', async () => {
      const { email } = await signUpCandidate(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://evil.example' },
        payload: { email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('roles', () => {
    it('lets an admin into the portal with its own cookie', async () => {
      const admin = await signInAdmin(ctx.app);
      expect(admin.cookie).toContain('candor-admin.session_token');
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin-auth/me',
        headers: { cookie: admin.cookie },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.role).toBe('admin');
    });

    it("refuses a candidate at the portal's sign-in and creates no portal session", async () => {
      const candidate = await signUpCandidate(ctx.app);
      const sessionsOf = async () =>
        (await ctx.database.db.select().from(session).where(eq(session.userId, candidate.userId)))
          .length;
      const before = await sessionsOf();
      const res = await signIn(ctx.app, candidate.email, TEST_PASSWORD, 'admin');
      expect(res.statusCode).toBe(403);
      // Refused before the session row is written: nothing a stolen cookie could ever name.
      expect(await sessionsOf()).toBe(before);
      expect(res.json().message).toBe('Access denied. Admin privileges required.');
      expect(cookiesFrom(res.headers['set-cookie'])).not.toContain('candor-admin.session_token=');
      // The candidate's own cookie does not open the portal either.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin-auth/me',
        headers: { cookie: candidate.cookie },
      });
      expect(me.statusCode).toBe(403);
      expect(me.json().message).toBe('Access denied. Admin privileges required.');
    });

    it('has no sign-up on the admin portal', async () => {
      const body = valid();
      const res = await postSignUp(ctx.app, body, { portal: 'admin' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['set-cookie']).toBeUndefined();
      const rows = await ctx.database.db.select().from(user).where(eq(user.email, body.email));
      expect(rows).toHaveLength(0);
    });

    it('refuses sign-in to a disabled account on both portals', async () => {
      const candidate = await signUpCandidate(ctx.app);
      await ctx.database.db
        .update(user)
        .set({ status: 'inactive' })
        .where(eq(user.id, candidate.userId));
      for (const portal of ['candidate', 'admin'] as const) {
        const res = await signIn(ctx.app, candidate.email, TEST_PASSWORD, portal);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('This account has been disabled');
      }
      // An existing session stops working too.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: candidate.cookie },
      });
      expect(me.statusCode).toBe(403);
    });
  });

  it('guards.admin lets only an admin session through, and names who called', async () => {
    // A route of our own behind the same guard the admin route folders use.
    const probe = Fastify();
    registerErrorHandler(probe);
    probe.get('/probe', { onRequest: ctx.app.deps.guards.admin }, async (request) => ({
      id: request.sessionUser?.id,
      role: request.sessionUser?.role,
    }));
    await probe.ready();
    const candidate = await signUpCandidate(ctx.app);
    const admin = await signInAdmin(ctx.app);
    const call = (cookie?: string) =>
      probe.inject({ method: 'GET', url: '/probe', headers: cookie ? { cookie } : {} });

    expect((await call()).statusCode).toBe(401);
    const refused = await call(candidate.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Admin privileges required.');
    const ok = await call(admin.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: admin.userId, role: 'admin' });
    // The admin's portal cookie is not a candidate session, and the reverse.
    const asCandidate = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: admin.cookie },
    });
    expect(asCandidate.statusCode).toBe(401);
    await probe.close();
  });

  describe('preferences', () => {
    it('stores a valid theme and names the field of a bad one', async () => {
      const { cookie } = await signUpCandidate(ctx.app);
      // Sent as a script would, without an Origin header.
      const setTheme = (theme: string, session?: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/user/preferences',
          headers: session ? { cookie: session } : {},
          payload: { theme },
        });
      expect((await setTheme('dark', cookie)).statusCode).toBe(200);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json().user.theme).toBe('dark');
      const bad = await setTheme('pink', cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('theme');
      expect((await setTheme('dark')).statusCode).toBe(401);
    });
  });
});

describe('providers', () => {
  it('lists only configured sign-in methods', async () => {
    const bare = await createTestApp('pglite');
    const none = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(none.json()).toEqual({ emailPassword: true, google: false, github: false, oidc: null });
    await bare.close();

    const configured = await createTestApp('pglite', {
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GITHUB_CLIENT_ID: 'h',
      OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      OIDC_NAME: 'Acme SSO',
    });
    const some = await configured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(some.json()).toEqual({
      emailPassword: true,
      google: true,
      github: false,
      oidc: { providerId: 'oidc', name: 'Acme SSO' },
    });
    await configured.close();
  });
});
