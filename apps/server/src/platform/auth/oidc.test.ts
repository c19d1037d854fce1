import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortMembers, user } from '../../db/schema';
import { insertCohort } from '../../test/cohorts';
import { cookiesFrom, createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { ORIGIN } from '../../test/users';

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with its development login
 * and consent screens, driven by plain HTTP as a browser would: our app discovers it, redirects to
 * it, exchanges the code and reads the ID token and userinfo over the real protocol.
 */
const ACCOUNT = { sub: 'acct-7', email: 'grace.hopper@acme.test', name: 'Grace Brewster Hopper' };
/** An account whose provider shares no display name. */
const NAMELESS = { sub: 'acct-8', email: 'nameless@acme.test' };
/** Two accounts at a school's domain: the provider vouches for one address and not the other. */
const VERIFIED = { sub: 'acct-9', email: 'ada@campus.test', name: 'Ada Lovelace' };
const UNVERIFIED = { sub: 'acct-10', email: 'eve@campus.test', name: 'Eve Unverified' };

class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined | null) {
    for (const c of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.each(databaseKinds())('organisation sign-in with OpenID Connect on %s', (kind) => {
  let server: http.Server;
  let issuer: string;
  let ctx: TestContext;

  beforeAll(async () => {
    server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'candor',
          client_secret: 'candor-secret',
          redirect_uris: [`${ORIGIN}/api/auth/callback/oidc`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () =>
          id === NAMELESS.sub
            ? { sub: id, email: NAMELESS.email, email_verified: true }
            : id === VERIFIED.sub
              ? { sub: id, email: VERIFIED.email, email_verified: true, name: VERIFIED.name }
              : id === UNVERIFIED.sub
                ? { sub: id, email: UNVERIFIED.email, email_verified: false, name: UNVERIFIED.name }
                : { sub: id, email: ACCOUNT.email, email_verified: true, name: ACCOUNT.name },
      }),
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['test-cookie-key'] },
    });
    server.on('request', provider.callback());
    ctx = await createTestApp(kind, {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'candor',
      OIDC_CLIENT_SECRET: 'candor-secret',
      OIDC_NAME: 'Acme SSO',
      SIGN_IN_RATE_LIMIT: '1000',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise((r) => server?.close(r));
  });

  /**
   * The whole browser round trip for the provider account `login`; returns our callback's answer.
   * 1. The sign-in button: our server answers with the provider's authorization URL.
   * 2. At the provider: follow redirects through the login and consent interactions.
   * 3. Back at our callback: the code is exchanged and a session starts.
   */
  async function signInThroughProvider(login: string) {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'oidc', callbackURL: '/' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const appJar = new CookieJar();
    appJar.store(start.headers['set-cookie'] as string[]);
    let url: string = start.json().url;
    expect(url.startsWith(`${issuer}/auth`)).toBe(true);
    const authorize = new URL(url).searchParams;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/oidc`);

    const providerJar = new CookieJar();
    let callback: string | null = null;
    for (let step = 0; step < 12 && !callback; step++) {
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: providerJar.header() },
      });
      providerJar.store(res.headers.getSetCookie());
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location')!, url).toString();
        if (next.startsWith(ORIGIN)) callback = next;
        else url = next;
        continue;
      }
      const page = await res.text();
      const prompt =
        /name="prompt" value="(\w+)"/.exec(page)?.[1] ??
        (page.includes('name="login"') ? 'login' : 'consent');
      const body = new URLSearchParams({
        prompt,
        ...(prompt === 'login' ? { login, password: 'x' } : {}),
      });
      const submit = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: providerJar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      providerJar.store(submit.headers.getSetCookie());
      url = new URL(submit.headers.get('location')!, url).toString();
    }
    expect(callback, 'the provider redirected back to our callback').toBeTruthy();
    const cb = new URL(callback!);
    expect(cb.searchParams.get('code')).toBeTruthy();
    return ctx.app.inject({
      method: 'GET',
      url: cb.pathname + cb.search,
      headers: { cookie: appJar.header() },
    });
  }

  async function me(cookie: string) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().user;
  }

  it('registers a first-time user with the name split and experience level mid, and signs them in', async () => {
    const done = await signInThroughProvider(ACCOUNT.sub);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/');
    const cookie = cookiesFrom(done.headers['set-cookie']);
    expect(cookie).toContain('candor.session_token=');
    expect(await me(cookie)).toMatchObject({
      email: ACCOUNT.email,
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      experienceLevel: 'mid',
      role: 'candidate',
      status: 'active',
    });
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, ACCOUNT.email));
    expect(rows).toHaveLength(1);
  });

  it('signs a returning user in to the same account and keeps their profile edits', async () => {
    const first = await signInThroughProvider(ACCOUNT.sub);
    const id = (await me(cookiesFrom(first.headers['set-cookie']))).id;
    await ctx.database.db.update(user).set({ firstName: 'Amazing' }).where(eq(user.id, id));
    const again = await signInThroughProvider(ACCOUNT.sub);
    expect(again.statusCode).toBe(302);
    const back = await me(cookiesFrom(again.headers['set-cookie']));
    expect(back).toMatchObject({ id, firstName: 'Amazing', lastName: 'Brewster Hopper' });
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, ACCOUNT.email));
    expect(rows).toHaveLength(1);
  });

  it("names a user 'User' when the provider shares no display name", async () => {
    const done = await signInThroughProvider(NAMELESS.sub);
    expect(done.statusCode, done.body).toBe(302);
    expect(await me(cookiesFrom(done.headers['set-cookie']))).toMatchObject({
      email: NAMELESS.email,
      firstName: 'User',
      lastName: '',
      experienceLevel: 'mid',
    });
  });

  it('refuses a disabled account coming back through the provider', async () => {
    const first = await signInThroughProvider(ACCOUNT.sub);
    const id = (await me(cookiesFrom(first.headers['set-cookie']))).id;
    await ctx.database.db.update(user).set({ status: 'inactive' }).where(eq(user.id, id));
    const again = await signInThroughProvider(ACCOUNT.sub);
    expect(again.statusCode).toBe(302);
    const landing = new URL(again.headers.location as string, ORIGIN);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('ACCOUNT_DISABLED');
    expect(landing.searchParams.get('error_description')).toBe('This account has been disabled');
    expect(cookiesFrom(again.headers['set-cookie'])).not.toContain('candor.session_token=');
    await ctx.database.db.update(user).set({ status: 'active' }).where(eq(user.id, id));
  });

  it('joins a cohort by e-mail domain only when the provider vouched for the address', async () => {
    const db = ctx.database.db;
    const cohort = await insertCohort(db, { name: 'Campus', emailDomain: 'campus.test' });
    for (const who of [VERIFIED, UNVERIFIED]) {
      const done = await signInThroughProvider(who.sub);
      expect(done.statusCode, done.body).toBe(302);
    }
    const joined = await db
      .select({ email: user.email, via: cohortMembers.joinedVia })
      .from(cohortMembers)
      .innerJoin(user, eq(user.id, cohortMembers.userId))
      .where(eq(cohortMembers.cohortId, cohort));
    expect(joined).toEqual([{ email: VERIFIED.email, via: 'domain' }]);
  });
});
