import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveClient } from './test/live-client';
import { ORIGIN, signUpCandidate } from './test/users';

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
  it('migrates, serves, and shuts down cleanly on SIGTERM, keeping its data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-main-'));
    try {
      const first = startServer(dataDir);
      const base = await first.url;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');

      // The embedded database was closed properly: a second start opens the same data.
      const second = startServer(dataDir);
      const base2 = await second.url;
      const health = await fetch(`${base2}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
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
