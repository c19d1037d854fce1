import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { App } from './app';
import { openDatabase, type Database } from './db/client';
import { reports } from './db/schema';
import { startServer } from './start';
import { insertAttempt, insertCandidate } from './test/fixtures';
import {
  databaseKinds,
  memoryMailer,
  openTestDatabase,
  testConfig,
  type DatabaseKind,
} from './test/harness';

/**
 * Issue 24, finding 11: the server listens before it migrates, and its background work (the
 * abandoned-attempt and answer-check sweeps, recording retention, reports left pending) started
 * with the listener: on a new database the log said "relation … does not exist", and after an
 * upgrade the pending reports would not resume until read. The start as main.ts runs it
 * (start.ts), on both databases: nothing runs before the migrations, and what is pending resumes
 * after them.
 */

/** A database nobody has migrated yet (a new install). */
async function newDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  const adminUrl = inject('pgUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return openDatabase({ url: adminUrl.replace(/\/postgres$/, `/${name}`), poolSize: 5 });
}

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

/** The app started as main.ts starts it, its log kept as parsed lines. */
function start(database: Database, dataDir: string) {
  const lines: LogLine[] = [];
  let built: App | undefined;
  const started = startServer({
    config: testConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'AdminPass1!',
    }),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer: memoryMailer(),
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    },
    onBuilt: (app) => (built = app),
  });
  return { lines, started, app: () => built };
}

const messages = (lines: LogLine[]) => lines.map((l) => `${l.msg ?? ''} ${l.err?.message ?? ''}`);

describe.each(databaseKinds())('the start on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-start-'));
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on a new database: migrates, then starts its background work, with nothing failing', async () => {
    const database = await newDatabase(kind);
    cleanup.push(() => database.close());
    const server = start(database, dataDir);
    const app = await server.started;
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // Closing waits for the sweeps' first rounds (they start right after the start).
    await app.close();
    const log = messages(server.lines);
    expect(log.join('\n')).not.toMatch(/does not exist/);
    const troubles = server.lines.filter((l) => l.level >= 40);
    expect(troubles.map((l) => `${l.msg} ${l.err?.message ?? ''}`)).toEqual([]);
    expect(log.findIndex((m) => m.includes('migrations applied'))).toBeGreaterThanOrEqual(0);
  });

  it('after an upgrade: a pending report waits for the migrations, then resumes unread', async () => {
    const database = await openTestDatabase(kind);
    cleanup.push(() => database.close());
    const userId = await insertCandidate(database.db, 1);
    const attemptId = await insertAttempt(database.db, userId, 'completed', {
      reportStatus: 'pending',
    });
    // The upgrade's migrations take a while: they wait here until the test lets them go.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let migrated = false;
    const upgrading: Database = {
      ...database,
      migrate: async () => {
        await held;
        await database.migrate();
        migrated = true;
      },
    };
    const server = start(upgrading, dataDir);
    const statusNow = async () =>
      (
        await database.db
          .select({ status: reports.status })
          .from(reports)
          .where(eq(reports.interviewId, attemptId))
      )[0]!.status;
    // Listening, migrations held: the report is left alone for a moment (the old start resumed
    // it at once, before any migration).
    while (!server.app()?.server.listening) await new Promise((r) => setTimeout(r, 10));
    const until = Date.now() + 500;
    while (Date.now() < until) {
      expect(await statusNow()).toBe('pending');
      expect(messages(server.lines).join('\n')).not.toContain('resuming pending reports');
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    const app = await server.started;
    cleanup.push(() => app.close());
    expect(migrated).toBe(true);
    for (let i = 0; (await statusNow()) === 'pending'; i++) {
      if (i > 400) throw new Error('the report was never resumed');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await statusNow()).not.toBe('pending');
    const log = messages(server.lines);
    expect(log.findIndex((m) => m.includes('resuming pending reports'))).toBeGreaterThan(
      log.findIndex((m) => m.includes('migrations applied')),
    );
  });
});
