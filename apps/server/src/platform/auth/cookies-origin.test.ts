import { describe, expect, it } from 'vitest';
import { cookiesFrom, createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signUpCandidate,
  postSignUp,
  signUpBody,
} from '../../test/users';
import { createAdmin } from './first-admin';

function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  return ([] as string[])
    .concat((headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith(`${name}=`));
}

describe.each(databaseKinds())('cross-site protection on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  it.each([
    ['candidate sign-in', '/api/auth/sign-in/email'],
    ['admin sign-in', '/api/admin-auth/sign-in/email'],
    ['sign-up', '/api/auth/sign-up/email'],
  ])('refuses a %s posted from another site', async (_what, url) => {
    const { email } = await signUpCandidate(ctx.app);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // A form post without Origin that the browser marks cross-site is refused as well.
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("better-auth's own origin check holds behind ours (a cookie-bearing foreign POST)", async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    // Straight to the better-auth handler, past the Fastify same-origin hook.
    const res = await ctx.app.deps.auth.candidate.handler(
      new Request(`${ORIGIN}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(403);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('keeps "remember me" off to a browser-session cookie', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const remembered = await signIn(ctx.app, email, TEST_PASSWORD);
    expect(setCookie(remembered.headers, 'candor.session_token')).toMatch(/Max-Age=\d+/i);
    const forgotten = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: TEST_PASSWORD, rememberMe: false },
    });
    expect(forgotten.statusCode).toBe(200);
    const raw = setCookie(forgotten.headers, 'candor.session_token');
    expect(raw).toBeDefined();
    expect(raw).not.toMatch(/Max-Age|Expires/i);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookiesFrom(forgotten.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('cookies when the public URL is https', () => {
  const HTTPS = 'https://candor.example';
  const ctx = useTestApp('pglite', { PUBLIC_URL: HTTPS, SIGN_IN_RATE_LIMIT: '1000' });

  it("marks both portals' session cookies Secure, httpOnly and SameSite=Lax", async () => {
    const res = await postSignUp(ctx.app, signUpBody({ email: 'secure@example.com' }), {
      origin: HTTPS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const candidate = setCookie(res.headers, '__Secure-candor.session_token');
    expect(candidate).toMatch(/; Secure/i);
    expect(candidate).toMatch(/HttpOnly/i);
    expect(candidate).toMatch(/SameSite=Lax/i);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookiesFrom(res.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);

    await createAdmin(ctx.app.deps, { email: 'boss@example.com', password: TEST_PASSWORD });
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-auth/sign-in/email',
      headers: { origin: HTTPS },
      payload: { email: 'boss@example.com', password: TEST_PASSWORD },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const portal = setCookie(admin.headers, '__Secure-candor-admin.session_token');
    expect(portal).toMatch(/; Secure/i);
    expect(portal).toMatch(/HttpOnly/i);
    expect(portal).toMatch(/SameSite=Lax/i);
  });
});

describe('the development origin', () => {
  const sign = async (nodeEnv: string) => {
    const ctx = await createTestApp('pglite', { NODE_ENV: nodeEnv });
    try {
      const { email } = await signUpCandidate(ctx.app);
      return await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'http://localhost:5173' },
        payload: { email, password: TEST_PASSWORD },
      });
    } finally {
      await ctx.close();
    }
  };

  it('trusts the Vite dev server on :5173 in development only', async () => {
    expect((await sign('development')).statusCode).toBe(200);
    expect((await sign('production')).statusCode).toBe(403);
  });
});
