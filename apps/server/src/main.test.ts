import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveClient } from './test/live-client';
import { ORIGIN, signUpCandidate } from './test/users';

/** Every folder and file under `dir` whose mode lets group or others in (issue 24, finding 10). */
function readableByOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077)
      found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

/** Starts the real entry point (src/main.ts through tsx) and returns its URL once it listens. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SERVE_WEB: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'AdminPass1!',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, exited, output: () => output };
}

describe('the server process', () => {
  it('migrates, serves, and shuts down cleanly on SIGTERM, keeping its data, private to its user', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-main-'));
    // A DATA_DIR that does not exist yet, made by a server started with the usual umask (022).
    const dataDir = path.join(parent, 'data');
    try {
      const first = startServer(dataDir);
      const base = await first.url;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');
      // The database (password hashes, sessions), the secret: folders 0700, files 0600.
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(readableByOthers(dataDir)).toEqual([]);
      // An install made before: everything readable by all, as the old server left it.
      const loosen = (p: string) => {
        const stat = fs.lstatSync(p);
        fs.chmodSync(p, stat.isDirectory() ? 0o755 : 0o644);
        if (stat.isDirectory()) for (const name of fs.readdirSync(p)) loosen(path.join(p, name));
      };
      loosen(dataDir);
      expect(readableByOthers(dataDir).length).toBeGreaterThan(10);

      // The embedded database was closed properly: a second start opens the same data.
      const second = startServer(dataDir);
      const base2 = await second.url;
      const health = await fetch(`${base2}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
      // Tightened at the start, and said so; while PGlite runs it may write its relation-cache
      // files 0644, inside folders nobody else can enter.
      expect(second.output()).toContain('made the data directory readable by this user only');
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      expect(readableByOthers(dataDir)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('closes live interview sockets with 1001 "going away" on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-main-'));
    try {
      const server = startServer(dataDir);
      const base = await server.url;
      const { cookie } = await signUpCandidate(base);
      const sets = (await (
        await fetch(`${base}/api/interview/sets/available`, { headers: { cookie } })
      ).json()) as { id: string }[];
      const created = await fetch(`${base}/api/interview`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ interviewSetId: sets[0]!.id }),
      });
      const { id } = (await created.json()) as { id: string };

      const live = await LiveClient.connect(base, id, cookie);
      live.start();
      await live.next('state');
      const closed = live.closed;
      server.child.kill('SIGTERM');
      expect(await closed).toEqual({ code: 1001, reason: 'Server shutting down' });
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
