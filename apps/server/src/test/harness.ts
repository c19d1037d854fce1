import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App, type AppOverrides, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { aiPrices, createUsageRecorder } from '../modules/ai-usage/service';
import type { Logger } from '../platform/logger';
import type { MailMessage, Mailer } from '../platform/mail/mailer';
import {
  POSTGRES_TEMPLATE,
  cheapPasswordHashing,
  databaseUrl,
  pgliteTemplate,
  seedPgliteDir,
} from './templates';
// Brings in the `pgUrl` typing of vitest's provide/inject for every program that uses the harness.
import type {} from './global-setup';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every DB-backed suite runs on: PGlite always, PostgreSQL when the server is up. */
export function databaseKinds(): DatabaseKind[] {
  return inject('pgUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database of the given kind: a copy of the run's migrated template (made once
 * by the global setup; test/templates.ts), a new PGlite or a new PostgreSQL database per call.
 * `migrate()` still runs and finds nothing to do, so a template older than the migrations could
 * never pass unnoticed.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ loadDataDir: pgliteTemplate(inject('pgliteTemplate')) });
    await database.migrate();
    return database;
  }
  const url = await createPostgresDatabase();
  // One PostgreSQL serves every suite running in parallel on 2 cores: a new connection has been
  // seen to take over 5 s there (kill-9's suite, CI), which is load, not a fault under test.
  const database = await openDatabase({ url, poolSize: 5, connectTimeoutMs: 30_000 });
  await database.migrate();
  return { ...database, url };
}

/**
 * A migrated PGlite on disk at `dir` (`$DATA_DIR/pglite`), copied from the run's template, for a
 * test that opens it itself or hands it to a server process (faults/support.ts).
 */
export function seedPgliteDataDir(dir: string): void {
  seedPgliteDir(dir, inject('pgliteTemplate'));
}

/** A new, migrated PostgreSQL database copied from the template; its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
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

/** A registered route with its schemas (params, querystring, body), for the generated security tests. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** What a test passes: the app's options, and the parts it brings in place of the configured ones. */
export type TestAppOptions = Omit<BuildAppOptions, 'overrides'> &
  Omit<AppOverrides, 'usage' | 'checkEveryMs'> & {
    /** How long AI usage rows wait to be written together (ai-usage/service.ts). */
    usageFlushMs?: number;
    /** How often "Check your answers" windows that ran out are closed. */
    checkSweepMs?: number;
  };

/** The app with what tests read of it: every route registered, and the AI usage written now. */
export type TestApp = App & {
  /** Every route registered (method, URL and schemas), collected by the harness's onRoute hook. */
  routeTable: RouteEntry[];
  /** Writes the AI usage rows waiting for their batch now (tests that read ai_usage). */
  flushUsage: () => Promise<void>;
};

/**
 * The production app as a test builds it: everything the test passes, with the tests' cheap
 * password hashing unless the test brings its own (docs/testing.md). The harness keeps the AI
 * usage recorder (to flush it) and collects the route table through its own onRoute hook, added
 * before the app loads: the production app carries neither.
 */
export async function buildTestApp(options: TestAppOptions): Promise<TestApp> {
  const { config, database, secret, logger, startup, usageFlushMs, checkSweepMs, ...parts } =
    options;
  let log: Pick<Logger, 'info' | 'warn' | 'error'> = { info() {}, warn() {}, error() {} };
  const usage = createUsageRecorder({
    db: database.db,
    prices: aiPrices(config),
    // The app's logger once it exists (the recorder is made first).
    log: {
      info: (obj, msg) => log.info(obj, msg),
      warn: (obj, msg) => log.warn(obj, msg),
      error: (obj, msg) => log.error(obj, msg),
    },
    now: parts.now ?? (() => new Date()),
    flushMs: usageFlushMs,
  });
  const app = createApp({
    config,
    database,
    secret,
    logger,
    startup,
    overrides: {
      passwordHashing: cheapPasswordHashing,
      ...parts,
      usage,
      checkEveryMs: checkSweepMs,
    },
  });
  log = app.log;
  // Before the app loads (awaiting it loads it): every route it registers passes here.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema });
  });
  await app.after();
  return Object.assign(app, { routeTable, flushUsage: usage.flush });
}

export interface TestContext {
  app: TestApp;
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
    live?: TestAppOptions['live'];
    checkSweepMs?: number;
    /** Production's scrypt instead of the tests' cheap hash (the test that proves production's). */
    productionPasswords?: boolean;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase(kind));
  const mailer = memoryMailer();
  const app = await buildTestApp({
    config: testConfig(configOverrides),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer,
    now: options.now,
    live: options.live,
    checkSweepMs: options.checkSweepMs,
    ...(options.productionPasswords ? { passwordHashing: undefined } : {}),
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
