import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { session, user } from '../db/schema';
import {
  buildTestApp,
  databaseKinds,
  openTestDatabase,
  seedPgliteDataDir,
  testConfig,
} from '../test/harness';
import { TEST_PASSWORD, signIn, signUpCandidate } from '../test/users';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

/** Runs the CLI source as `npm run admin:create` runs its build: a separate Node process. */
function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(databaseKinds())('npm run admin:create on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-cli-'));
  let url: string | undefined;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function env() {
    if (kind === 'postgres' && !url) {
      const database = await openTestDatabase('postgres');
      url = database.url;
      await database.close();
    }
    // The run's migrated PGlite copied in: the CLI's own start skips initdb.
    if (kind === 'pglite') seedPgliteDataDir(`${dataDir}/pglite`);
    return {
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      ...(url ? { DATABASE_URL: url } : {}),
    };
  }

  it('creates an administrator who can sign in to the portal', { timeout: 60_000 }, async () => {
    const result = await runCli(
      ['--email', 'Root@Example.com', '--password', 'Root-pass1', '--first-name', 'Rita'],
      await env(),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Administrator root@example.com is ready');
    expect(result.stdout + result.stderr).not.toContain('Root-pass1');

    // The same database, opened afterwards by the app, knows the administrator and the password.
    const database = url
      ? await openDatabase({ url })
      : await openDatabase({ dataDir: `${dataDir}/pglite` });
    opened.push(database);
    const [row] = await database.db.select().from(user).where(eq(user.email, 'root@example.com'));
    expect(row).toMatchObject({ role: 'admin', status: 'active', firstName: 'Rita' });
    const app = await buildTestApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database,
      secret: SECRET,
    });
    await app.ready();
    expect((await signIn(app, 'root@example.com', 'Root-pass1', 'admin')).statusCode).toBe(200);
    await app.close();
    await database.close();
    opened.pop();
  });

  it(
    "promotes an unverified self-registered account only with --force, ending the squatter's session",
    { timeout: 120_000 },
    async () => {
      const e = await env();
      const open = () =>
        url ? openDatabase({ url }) : openDatabase({ dataDir: `${dataDir}/pglite` });
      // Someone signs up as ops@example.com and keeps the cookie, before the operator picks it.
      let database = await open();
      opened.push(database);
      let app = await buildTestApp({
        config: testConfig({ DATA_DIR: dataDir }),
        database,
        secret: SECRET,
      });
      await app.ready();
      const squatter = await signUpCandidate(app, { email: 'ops@example.com' });
      await app.close();
      await database.close();
      opened.pop();

      const refused = await runCli(['--email', 'ops@example.com', '--password', 'Operator-1'], e);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('never verified');
      expect(refused.stderr).toContain('--force');
      expect(refused.stderr).toContain('Nothing was changed');

      const forced = await runCli(
        ['--email', 'ops@example.com', '--password', 'Operator-1', '--force'],
        e,
      );
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toMatch(
        /The existing account ops@example\.com \(registered .*, an unverified self-registered account, promoted because forced\) was made administrator: the password was replaced and 1 session of the account ended\./,
      );

      database = await open();
      opened.push(database);
      expect(
        await database.db.select().from(session).where(eq(session.userId, squatter.userId)),
      ).toEqual([]);
      app = await buildTestApp({
        config: testConfig({ DATA_DIR: dataDir }),
        database,
        secret: SECRET,
      });
      await app.ready();
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: squatter.cookie },
      });
      expect(me.statusCode).toBe(401);
      expect((await signIn(app, 'ops@example.com', TEST_PASSWORD, 'admin')).statusCode).toBe(401);
      expect((await signIn(app, 'ops@example.com', 'Operator-1', 'admin')).statusCode).toBe(200);
      await app.close();
      await database.close();
      opened.pop();
    },
  );

  it('refuses bad arguments with a message naming the option', { timeout: 60_000 }, async () => {
    const e = await env();
    const noEmail = await runCli(['--password', 'Root-pass1'], e);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('--email: Email is required');
    const short = await runCli(['--email', 'a@b.co', '--password', 'short'], e);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('--password: Password must be at least 8 characters long');
    const unknown = await runCli(['--email', 'a@b.co', '--password', 'Root-pass1', '--admin'], e);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run admin:create');
  });
});
