import crypto from 'node:crypto';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
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

/** A line the app logged (pino's JSON), as a test reads it. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface TestContext {
  app: TestApp;
  database: Database;
  mailer: ReturnType<typeof memoryMailer>;
  /** Where the app listens (http://127.0.0.1:port) with `listen`; empty otherwise. */
  url: string;
  /** What the app logged at `logLevel` and above, oldest first; empty without `logLevel`. */
  logs: LogLine[];
  close(): Promise<void>;
}

/** How a test app is made beyond its configuration: the parts a test brings, and more. */
export type TestAppSetup = Partial<Omit<TestAppOptions, 'config' | 'database' | 'logger'>> & {
  /** A database already prepared (a fresh copy of the template otherwise). */
  database?: Database;
  /** Production's scrypt instead of the tests' cheap hash (the test that proves production's). */
  productionPasswords?: boolean;
  /** Listens on a loopback port (sockets, fetch, a stand-in calling back): `url`. */
  listen?: boolean;
  /** Keeps the app's log lines from this level up in `logs` (silent otherwise). */
  logLevel?: 'info' | 'warn';
};

/**
 * The production app on a fresh database of the given kind (or on `database`, already prepared);
 * `now` moves the interview clock without sleeping. A memory mailer unless the test brings its
 * own (`mailer: undefined` sends through SMTP_URL).
 */
export async function createTestApp(
  kind: DatabaseKind,
  configOverrides: Record<string, string> = {},
  setup: TestAppSetup = {},
): Promise<TestContext> {
  const { database: given, productionPasswords, listen, logLevel, ...parts } = setup;
  const database = given ?? (await openTestDatabase(kind));
  const mailer = memoryMailer();
  const logs: LogLine[] = [];
  const app = await buildTestApp({
    config: testConfig(configOverrides),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer,
    ...parts,
    ...(logLevel
      ? {
          logger: {
            level: logLevel,
            stream: { write: (line: string) => logs.push(JSON.parse(line)) },
          },
        }
      : {}),
    ...(productionPasswords ? { passwordHashing: undefined } : {}),
  });
  let url = '';
  if (listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  } else {
    await app.ready();
  }
  return {
    app,
    database,
    mailer,
    url,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app of a describe block (docs/testing.md: one app per file, or per configuration): made in
 * `beforeAll`, closed in `afterAll`; its parts are read inside tests and hooks. `config` may be a
 * function, for values known once an earlier `beforeAll` has run (a stand-in's URL).
 */
export function useTestApp(
  kind: DatabaseKind,
  config: Record<string, string> | (() => Record<string, string>) = {},
  setup: TestAppSetup = {},
): TestContext {
  return useStarted(() =>
    createTestApp(kind, typeof config === 'function' ? config() : config, setup),
  );
}

/**
 * Something a describe block starts in `beforeAll` and closes in `afterAll`: a stand-in server
 * (the fake OpenAI or speech server, the SMTP catcher…) or the block's app (`useTestApp`).
 * Register a stand-in before the app that calls it, so it starts first and closes last. What this
 * returns reads and writes the running one's fields (`fake.url`, `fake.mode.chat = 'hang'`),
 * inside tests and hooks.
 */
export function useStarted<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): T => {
    if (!current) throw new Error('used outside the beforeAll to afterAll that keep it running');
    return current;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(running(), key),
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

/** Cookie header value from a response's set-cookie headers. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
