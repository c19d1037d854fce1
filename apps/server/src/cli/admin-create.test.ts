import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { user } from '../db/schema';
import { databaseKinds, openTestDatabase, testConfig } from '../test/harness';
import { signIn } from '../test/users';

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
    const app = await buildApp({
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
