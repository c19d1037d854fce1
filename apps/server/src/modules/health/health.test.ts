import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  useTestApp,
  databaseKinds,
  memoryMailer,
  openTestDatabase,
  testConfig,
  buildTestApp,
} from '../../test/harness';
import { createStartup } from '../../platform/startup';

describe.each(databaseKinds())('GET /api/health on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('answers ok while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 naming the database once it is gone', async () => {
    const other = await createTestApp(kind);
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'error' });
    await other.app.close();
  });
});

describe.each(databaseKinds())('GET /api/ready on %s', (kind) => {
  it('answers ready while the database answers, and 503 once it is unreachable', async () => {
    const ctx = await createTestApp(kind);
    try {
      const ok = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ready', db: 'ok' });
      await ctx.database.close();
      const gone = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'unavailable', db: 'error' });
    } finally {
      await ctx.app.close();
    }
  });

  it('answers 503 "starting" until the start is over, while other requests wait for it', async () => {
    const database = await openTestDatabase(kind);
    const startup = createStartup();
    const app = await buildTestApp({
      config: testConfig(),
      database,
      secret: 'test-secret-test-secret-test-secret-0123',
      mailer: memoryMailer(),
      startup,
    });
    try {
      const starting = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ status: 'starting', db: 'unknown' });

      let answered = false;
      const waiting = app
        .inject({ method: 'GET', url: '/api/auth/providers' })
        .then((res) => ((answered = true), res));
      // The gate holds it (its answer would take a few milliseconds otherwise).
      await new Promise((r) => setTimeout(r, 200));
      expect(answered).toBe(false);

      startup.ready();
      expect((await waiting).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
