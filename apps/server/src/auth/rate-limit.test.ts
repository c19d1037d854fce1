import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestContext } from '../test/harness';
import { ORIGIN, TEST_PASSWORD, signUpCandidate } from '../test/users';
import { RATE_LIMIT_MESSAGE } from './routes';

const LIMIT = 3;

/**
 * Sign-in, reset-request and reset attempts are limited per client IP with better-auth's limiter
 * on the database store (`rate_limit` table), so the count holds across server processes. Every test
 * comes from its own address (Fastify's inject `remoteAddress`), which is also what keeps them apart.
 */
describe.each(databaseKinds())('sign-in rate limiting on %s', (kind) => {
  let ctx: TestContext;
  let email: string;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SIGN_IN_RATE_LIMIT: String(LIMIT) });
    ({ email } = await signUpCandidate(ctx.app));
  });
  afterAll(async () => ctx?.close());

  const post = (
    url: string,
    payload: object,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: ORIGIN, ...headers },
      payload,
    });
  const signInFrom = (ip: string, password = 'Wrong1!pass', portal = '/api/auth') =>
    post(`${portal}/sign-in/email`, { email, password }, ip);

  it('answers 429 with a clear message once a client used its attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await signInFrom('10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password waits for the window to pass.
    const limited = await signInFrom('10.0.0.1', TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: RATE_LIMIT_MESSAGE,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts per client: another address still signs in', async () => {
    for (let i = 0; i <= LIMIT; i++) await signInFrom('10.0.0.2');
    expect((await signInFrom('10.0.0.2', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('10.0.0.3', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits the admin portal, counting with the candidate sign-in of the same client', async () => {
    const admin = [];
    for (let i = 0; i <= LIMIT; i++)
      admin.push((await signInFrom('10.0.0.4', 'Wrong1!pass', '/api/admin-auth')).statusCode);
    expect(admin.slice(0, LIMIT).every((s) => s === 401 || s === 403)).toBe(true);
    expect(admin[LIMIT]).toBe(429);
    // One client guessing passwords gets no fresh allowance by switching portals.
    expect((await signInFrom('10.0.0.4', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('limits password-reset requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await post('/api/auth/request-password-reset', { email }, '10.0.0.5');
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post('/api/auth/request-password-reset', { email }, '10.0.0.5');
    expect(limited.json().message).toBe(RATE_LIMIT_MESSAGE);
  });

  it('counts invalid forms too, so the limit cannot be dodged with bad input', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await post('/api/auth/sign-in/email', { email: '' }, '10.0.0.6');
      expect(res.statusCode).toBe(400);
    }
    expect((await signInFrom('10.0.0.6', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('ignores addresses the client claims in headers when no proxy is trusted', async () => {
    for (let i = 0; i <= LIMIT; i++) {
      await post('/api/auth/sign-in/email', { email, password: 'Wrong1!pass' }, '10.0.0.7', {
        'x-forwarded-for': `192.0.2.${i + 1}`,
        'x-candor-client-ip': `198.51.100.${i + 1}`,
      });
    }
    const res = await post(
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      '10.0.0.7',
      { 'x-forwarded-for': '192.0.2.99', 'x-candor-client-ip': '198.51.100.99' },
    );
    expect(res.statusCode).toBe(429);
  });
});

describe('sign-in rate limiting behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
  });
  afterAll(async () => ctx?.close());

  it('keys on the X-Forwarded-For client, not on the proxy', async () => {
    const { email } = await signUpCandidate(ctx.app);
    const from = (client: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.9.9.9',
        headers: { origin: ORIGIN, 'x-forwarded-for': client },
        payload: { email, password },
      });
    await from('203.0.113.1', 'Wrong1!pass');
    await from('203.0.113.1', 'Wrong1!pass');
    expect((await from('203.0.113.1', TEST_PASSWORD)).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked by the first one's attempts.
    expect((await from('203.0.113.2', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
