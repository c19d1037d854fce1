import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authThrottle } from '../../db/schema';
import { createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, TEST_PASSWORD, signInAdmin, signUpCandidate, uniqueEmail } from '../../test/users';
import { waitText } from '@candor/shared';
import { addressKey } from './sign-in-limits';

/**
 * Issue 12, findings 6 and 7: thirty students behind one address must all get in, while guessing
 * stays throttled: failures per account and per address, a generous ceiling on every attempt per
 * address, each portal counted apart, successes never counted as failures, and a 429 that says how
 * long to wait. Every test comes from its own address (inject's `remoteAddress`).
 */
describe.each(databaseKinds())('sign-in throttling on %s', (kind) => {
  // The defaults: 5 failures per account, 50 per address, 300 attempts per address, 5 minutes.
  const ctx = useTestApp(kind);

  const post = (url: string, payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url, remoteAddress, headers: { origin: ORIGIN }, payload });
  const signInFrom = (ip: string, email: string, password: string, portal = '/api/auth') =>
    post(`${portal}/sign-in/email`, { email, password }, ip);
  const signUpFrom = (ip: string, email: string) =>
    post(
      '/api/auth/sign-up/email',
      {
        email,
        password: TEST_PASSWORD,
        name: 'Zoë Lab',
        firstName: 'Zoë',
        lastName: "O'Brien-Smith",
        experienceLevel: 'junior',
      },
      ip,
    );

  it('lets thirty sign-ups and thirty sign-ins from one address through', async () => {
    const ip = '10.1.0.1';
    const emails = Array.from({ length: 30 }, () => uniqueEmail('student'));
    const signUps = [];
    for (const email of emails) signUps.push((await signUpFrom(ip, email)).statusCode);
    const signIns = [];
    for (const email of emails)
      signIns.push((await signInFrom(ip, email, TEST_PASSWORD)).statusCode);
    expect(signUps).toEqual(Array(30).fill(200));
    expect(signIns).toEqual(Array(30).fill(200));
  });

  it('never counts a successful sign-in as a failure', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signInFrom('10.1.0.2', email, TEST_PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
    // Four typos between successes leave the account its allowance.
    for (let i = 0; i < 4; i++) await signInFrom('10.1.0.2', email, 'Wrong1!pass');
    expect((await signInFrom('10.1.0.2', email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles ten wrong passwords on one account and says how long to wait', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signInFrom('10.1.0.3', email, 'Wrong1!pass')).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);

    const limited = await signInFrom('10.1.0.3', email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(300);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      retryAfterSeconds: wait,
      message: `Too many failed sign-ins for this account. Please wait ${waitText(wait)} and try again.`,
    });
    // The account is what is throttled: from another address too, and on the admin portal.
    expect((await signInFrom('10.1.0.4', email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('10.1.0.4', email, TEST_PASSWORD, '/api/admin-auth')).statusCode).toBe(
      429,
    );
    // Another account at the same address is not held back.
    const other = await signUpCandidate(ctx.app);
    expect((await signInFrom('10.1.0.3', other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts a sign-in however its address is written', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const urls = [
      '/api/auth/sign-in/email?again=1',
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/email#x',
      '/api/auth/sign-in/./email',
      '/api/auth/sign-in/email',
    ];
    const statuses = [];
    for (const url of urls)
      statuses.push((await post(url, { email, password: 'Wrong1!pass' }, '10.1.0.8')).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
  });

  it('lets no more wrong guesses through when they arrive all at once', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => signInFrom('10.1.0.5', email, 'Wrong1!pass')),
    ).then((all) => all.map((r) => r.statusCode).sort());
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('counts an e-mail without an account like an account, so the answer tells nobody which exist', async () => {
    const nobody = uniqueEmail('nobody');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signInFrom('10.1.0.6', nobody, 'Wrong1!pass')).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
  });

  it('keeps the e-mail addresses and client addresses it counts out of the table', async () => {
    const email = uniqueEmail('private');
    await signInFrom('10.1.0.7', email, 'Wrong1!pass');
    const keys = (await ctx.database.db.select({ key: authThrottle.key }).from(authThrottle)).map(
      (r) => r.key,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(email) || k.includes('10.1.0.7'))).toBe(false);
  });
});

describe.each(databaseKinds())('an address spraying passwords, on %s', (kind) => {
  // 2 failures per account, so 20 per address (10 ×) and 120 attempts per address (60 ×).
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '2' });

  const signInFrom = (ip: string, email: string, password: string, portal = '/api/auth') =>
    ctx.app.inject({
      method: 'POST',
      url: `${portal}/sign-in/email`,
      remoteAddress: ip,
      headers: { origin: ORIGIN },
      payload: { email, password },
    });

  it('hits the per-address failure ceiling across many accounts, and only that address does', async () => {
    const victims = await Promise.all(Array.from({ length: 22 }, () => signUpCandidate(ctx.app)));
    const statuses = [];
    for (const v of victims)
      statuses.push((await signInFrom('10.2.0.1', v.email, 'Summer2024!')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
    const refused = await signInFrom('10.2.0.1', victims[0]!.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts from your network\. Please wait /);
    // Each victim was guessed once only: from elsewhere they sign in.
    expect((await signInFrom('10.2.0.2', victims[0]!.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The administrator's portal counts apart: the lab's address does not lock them out.
    const admin = await signInAdmin(ctx.app);
    expect(
      (await signInFrom('10.2.0.1', admin.email, TEST_PASSWORD, '/api/admin-auth')).statusCode,
    ).toBe(200);
  });

  it('keeps a ceiling on every attempt from one address, counting invalid forms too', async () => {
    const { email } = await signUpCandidate(ctx.app);
    let first429 = -1;
    for (let i = 0; i < 125 && first429 < 0; i++) {
      // Mostly forms refused before any password is checked, and now and then a real sign-in.
      const res =
        i % 10 === 0
          ? await signInFrom('10.2.0.3', email, TEST_PASSWORD)
          : await ctx.app.inject({
              method: 'POST',
              url: '/api/auth/sign-in/email',
              remoteAddress: '10.2.0.3',
              headers: { origin: ORIGIN },
              payload: { email: '' },
            });
      if (res.statusCode === 429) first429 = i;
      else expect(res.statusCode).toBe(i % 10 === 0 ? 200 : 400);
    }
    expect(first429).toBe(120);
  });

  it('limits password-reset e-mails per account', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: `10.2.1.${i}`,
        headers: { origin: ORIGIN },
        payload: { email },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(ctx.mailer.sent.filter((m) => m.to === email)).toHaveLength(2);
  });
});

describe('the sign-in counters stay small', () => {
  it('prunes counters whose window has ended', async () => {
    const ctx = await createTestApp('pglite');
    try {
      const db = ctx.database.db;
      await db.insert(authThrottle).values(
        Array.from({ length: 50 }, (_, i) => ({
          key: `old-${i}`,
          count: 3,
          resetAt: new Date(Date.now() - 60_000),
        })),
      );
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: uniqueEmail(), password: 'Wrong1!pass' },
      });
      // The prune runs beside the request; wait for it rather than for a time.
      const old = async () =>
        Number(
          (
            (await db.execute(
              sql`select count(*)::int as n from ${authThrottle} where ${authThrottle.key} like 'old-%'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n,
        );
      for (let i = 0; i < 100 && (await old()) > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await old()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('addressKey', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as IPv4 and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('says how long to wait in words', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(300)).toBe('5 minutes');
  });
});
