import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../config';
import { session } from '../../db/schema';
import { useTestApp, type TestContext } from '../../test/harness';
import { ORIGIN, TEST_PASSWORD, signInAdmin, signUpCandidate } from '../../test/users';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8', { addresses: ['10.0.0.0/8'] }],
    ['10.0.0.0/8, 192.168.1.7,fd00::/8', { addresses: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] }],
    ['loopback,uniquelocal', { addresses: ['loopback', 'uniquelocal'] }],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.0/8,nginx', '300.1.1.1', '-1', '21', '10.0.0.0/8/8'])(
    'stops the start at %j, naming the variable and what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY (must|hop)/,
      );
    },
  );
});

/** The address better-auth recorded on the user's newest session. */
async function lastSessionAddress(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db
    .select({ ip: session.ipAddress })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.createdAt))
    .limit(1);
  return row?.ip;
}

/** A sign-in that reaches the server from `remoteAddress`, carrying these headers. */
function signInFrom(
  ctx: TestContext,
  remoteAddress: string,
  headers: Record<string, string>,
  payload: object,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: ORIGIN, ...headers },
    payload,
  });
}

/**
 * The address the server takes for the client is what better-auth records on the session and what
 * the sign-in counters key on. Issue 12, finding 6: with TRUST_PROXY=true every hop was trusted,
 * so a client's own X-Forwarded-For entry became its address.
 */
describe.each([
  ['true', '10.9.9.9'],
  ['1', '10.9.9.9'],
  ['10.0.0.0/8', '10.9.9.9'],
])('behind a proxy with TRUST_PROXY=%s', (trust, proxy) => {
  const ctx = useTestApp('pglite', { TRUST_PROXY: trust });

  /** A request as the proxy forwards it: the client's own header, then the address the proxy saw. */
  const viaProxy = (url: string, payload: object, client: string, claimed?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: proxy,
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': claimed ? `${claimed}, ${client}` : client,
      },
      payload,
    });

  it('takes the address the proxy saw, not one the client wrote in', async () => {
    const { email, userId } = await signUpCandidate(ctx.app);
    const res = await viaProxy(
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      '203.0.113.10',
      '198.51.100.66',
    );
    expect(res.statusCode).toBe(200);
    expect(await lastSessionAddress(ctx, userId)).toBe('203.0.113.10');
  });

  it('throttles twelve wrong admin passwords sent with a new made-up address each', async () => {
    const admin = await signInAdmin(ctx.app);
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const res = await viaProxy(
        '/api/admin-auth/sign-in/email',
        { email: admin.email, password: 'Wrong1!pass' },
        '203.0.113.20',
        `198.51.100.${i + 1}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
  });
});

describe.each([
  {
    name: 'with the proxy named',
    trust: '10.0.0.0/8',
    test: 'ignores X-Forwarded-For from a client that reached the server without the proxy',
    from: '203.0.113.40',
    forwarded: '198.51.100.7',
    expected: '203.0.113.40',
  },
  {
    name: '=2',
    trust: '2',
    test: 'takes the address the outer of two proxies saw',
    from: '10.0.0.2',
    // made up by the client, seen by the CDN, seen by the load balancer
    forwarded: '198.51.100.9, 203.0.113.50, 172.16.0.1',
    expected: '203.0.113.50',
  },
])('TRUST_PROXY $name', ({ trust, test, from, forwarded, expected }) => {
  const ctx = useTestApp('pglite', { TRUST_PROXY: trust });

  it(test, async () => {
    const { email, userId } = await signUpCandidate(ctx.app);
    const res = await signInFrom(
      ctx,
      from,
      { 'x-forwarded-for': forwarded },
      { email, password: TEST_PASSWORD },
    );
    expect(res.statusCode).toBe(200);
    expect(await lastSessionAddress(ctx, userId)).toBe(expected);
  });
});

describe('without TRUST_PROXY', () => {
  const ctx = useTestApp('pglite', { SIGN_IN_RATE_LIMIT: '2' });

  it('counts by the connection, whatever address headers the client sends', async () => {
    const statuses = [];
    for (let i = 0; i < 22; i++) {
      const res = await signInFrom(
        ctx,
        '10.0.0.7',
        { 'x-forwarded-for': `192.0.2.${i + 1}`, 'x-candor-client-ip': `198.51.100.${i + 1}` },
        { email: `sprayed-${i}@example.com`, password: 'Wrong1!pass' },
      );
      statuses.push(res.statusCode);
    }
    // 2 × 10 failures per address, then the address is held back.
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
  });
});
