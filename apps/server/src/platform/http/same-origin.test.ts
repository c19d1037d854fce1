import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { trustedOrigins, type Config } from '../../config';
import {
  useTestApp,
  databaseKinds,
  memoryMailer,
  openTestDatabase,
  testConfig,
  type TestContext,
  buildTestApp,
} from '../../test/harness';
import { TEST_PASSWORD, uniqueEmail } from '../../test/users';

const INTERFACES: ReturnType<typeof os.networkInterfaces> = {
  lo: [
    { address: '127.0.0.1', family: 'IPv4', internal: true } as os.NetworkInterfaceInfo,
    { address: '::1', family: 'IPv6', internal: true } as os.NetworkInterfaceInfo,
  ],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false } as os.NetworkInterfaceInfo,
    { address: 'fd00::20', family: 'IPv6', internal: false } as os.NetworkInterfaceInfo,
    { address: 'fe80::1', family: 'IPv6', internal: false } as os.NetworkInterfaceInfo,
  ],
};

type OriginConfig = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST' | 'NODE_ENV'>;
const base: OriginConfig = {
  PUBLIC_URL: undefined,
  PORT: 3000,
  HOST: '0.0.0.0',
  NODE_ENV: 'production',
};

describe('the trusted origins', () => {
  it('without PUBLIC_URL: every loopback alias and each address printed for 0.0.0.0', () => {
    expect(trustedOrigins(base, 3000, INTERFACES).sort()).toEqual(
      [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://[::1]:3000',
        'http://192.168.1.20:3000',
      ].sort(),
    );
  });

  it('listening on :: takes IPv6 too (never link-local, which no origin can name)', () => {
    const list = trustedOrigins({ ...base, HOST: '::' }, 3000, INTERFACES);
    expect(list).toContain('http://192.168.1.20:3000');
    expect(list).toContain('http://[fd00::20]:3000');
    expect(list.some((o) => o.includes('fe80'))).toBe(false);
  });

  it('a HOST of one address or name adds that one', () => {
    expect(trustedOrigins({ ...base, HOST: '10.0.0.5' }, 8080, INTERFACES).sort()).toEqual(
      [
        'http://localhost:8080',
        'http://127.0.0.1:8080',
        'http://[::1]:8080',
        'http://10.0.0.5:8080',
      ].sort(),
    );
    expect(trustedOrigins({ ...base, HOST: 'candor.lan' }, 80, INTERFACES)).toContain(
      'http://candor.lan',
    );
  });

  it('with PUBLIC_URL: only it (its origin), plus the Vite dev server in development', () => {
    const publicUrl = { ...base, PUBLIC_URL: 'https://candor.example/app/' };
    expect(trustedOrigins(publicUrl, 3000, INTERFACES)).toEqual(['https://candor.example']);
    expect(trustedOrigins({ ...publicUrl, NODE_ENV: 'development' }, 3000, INTERFACES)).toEqual([
      'https://candor.example',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
  });
});

const signUpFrom = (ctx: TestContext, origin: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      name: 'Zoë Okafor',
      firstName: 'Zoë',
      lastName: 'Okafor',
      experienceLevel: 'mid',
    },
  });

/** This machine's first LAN IPv4 address, as Fastify prints it for HOST=0.0.0.0. */
const lanAddress = Object.values(os.networkInterfaces())
  .flatMap((entries) => entries ?? [])
  .find((e) => e.family === 'IPv4' && !e.internal)?.address;

describe.each(databaseKinds())('state-changing requests by origin on %s', (kind) => {
  describe('without PUBLIC_URL', () => {
    const ctx = useTestApp(kind, { PUBLIC_URL: '', PORT: '3000', HOST: '0.0.0.0' });

    it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
      'signs up from %s',
      async (origin) => {
        const res = await signUpFrom(ctx, origin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['set-cookie']).toBeDefined();
      },
    );

    it.runIf(lanAddress)('signs up from the LAN address the server prints', async () => {
      const res = await signUpFrom(ctx, `http://${lanAddress}:3000`);
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each([
      'https://evil.example',
      'http://127.0.0.1:3001',
      'http://localhost.evil.example:3000',
    ])('refuses %s', async (origin) => {
      const res = await signUpFrom(ctx, origin);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it("better-auth's own origin check agrees (a cookie-bearing POST from 127.0.0.1)", async () => {
      const signedUp = await signUpFrom(ctx, 'http://127.0.0.1:3000');
      const cookie = ([] as string[])
        .concat(signedUp.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      const post = (origin: string) =>
        ctx.app.deps.auth.candidate.handler(
          new Request('http://127.0.0.1:3000/api/auth/sign-out', {
            method: 'POST',
            headers: { origin, cookie, 'content-type': 'application/json' },
            body: '{}',
          }),
        );
      expect((await post('https://evil.example')).status).toBe(403);
      expect((await post('http://127.0.0.1:3000')).status).toBe(200);
    });
  });

  describe('with PUBLIC_URL', () => {
    const ctx = useTestApp(kind, { PUBLIC_URL: 'http://candor.example:8080', PORT: '3000' });

    it('trusts it', async () => {
      expect((await signUpFrom(ctx, 'http://candor.example:8080')).statusCode).toBe(200);
    });

    it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
      'and nothing else: %s is refused',
      async (origin) => {
        const res = await signUpFrom(ctx, origin);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Cross-site request refused');
      },
    );
  });
});

describe('a server listening on a port chosen at start-up, without PUBLIC_URL', () => {
  const printed: string[] = [];
  let app: App;
  let close: () => Promise<void>;
  let port = 0;

  beforeAll(async () => {
    const database = await openTestDatabase('pglite');
    const lines = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
          const at = /^Server listening at (\S+)$/.exec(msg)?.[1];
          if (at) printed.push(at);
        }
        done();
      },
    });
    app = await buildTestApp({
      config: testConfig({ PUBLIC_URL: '', PORT: '0', HOST: '0.0.0.0', LOG_LEVEL: 'info' }),
      database,
      secret: 'test-secret-test-secret-test-secret-0123',
      mailer: memoryMailer(),
      logger: { level: 'info', stream: lines },
    });
    await app.listen({ port: 0, host: '0.0.0.0' });
    port = (app.server.address() as AddressInfo).port;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  const post = (origin: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        name: 'Zoë Okafor',
        firstName: 'Zoë',
        lastName: 'Okafor',
      }),
    });

  it('trusts every address it printed, on the port it got', async () => {
    expect(printed.length).toBeGreaterThan(0);
    for (const address of printed) {
      expect(new URL(address).port).toBe(String(port));
      const res = await post(new URL(address).origin);
      expect(res.status, `${address}: ${await res.text()}`).toBe(200);
    }
    expect((await post(`http://localhost:${port}`)).status).toBe(200);
    expect((await post(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
  });

  it('opens the live channel from 127.0.0.1 and refuses another site', async () => {
    const signedUp = await post(`http://127.0.0.1:${port}`);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`http://127.0.0.1:${port}/api/interview`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port}`, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Warm-up', duration: 15, topics: ['JavaScript'] }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const handshake = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/interview/${id}/live`, {
          headers: { origin, cookie },
        });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(0));
      });
    expect(await handshake(`http://127.0.0.1:${port}`)).toBe(101);
    expect(await handshake('https://evil.example')).toBe(403);
  });
});
