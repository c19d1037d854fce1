import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { MailMessage, Mailer } from '../mail/mailer';
// Brings in the `pgUrl` typing of vitest's provide/inject for every program that uses the harness.
import type {} from './global-setup';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every DB-backed suite runs on: PGlite always, PostgreSQL when the server is up. */
export function databaseKinds(): DatabaseKind[] {
  return inject('pgUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database of the given kind (a new PostgreSQL database per call). */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const adminUrl = inject('pgUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  // One PostgreSQL serves every suite running in parallel on 2 cores: a new connection has been
  // seen to take over 5 s there (kill-9's suite, CI), which is load, not a fault under test.
  const database = await openDatabase({ url, poolSize: 5, connectTimeoutMs: 30_000 });
  await database.migrate();
  return { ...database, url };
}

/** A mailer that keeps what it sends, for assertions. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/candor-test-data',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestContext {
  app: App;
  database: Database;
  mailer: ReturnType<typeof memoryMailer>;
  close(): Promise<void>;
}

/**
 * The production app on a fresh database of the given kind (or on `database`, already prepared);
 * `now` moves the interview clock without sleeping.
 */
export async function createTestApp(
  kind: DatabaseKind,
  configOverrides: Record<string, string> = {},
  options: {
    now?: () => Date;
    database?: Database;
    live?: BuildAppOptions['live'];
    checkSweepMs?: number;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase(kind));
  const mailer = memoryMailer();
  const app = await buildApp({
    config: testConfig(configOverrides),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer,
    now: options.now,
    live: options.live,
    checkSweepMs: options.checkSweepMs,
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Cookie header value from a response's set-cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
