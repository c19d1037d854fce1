import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD, api, startServerProcess, type ServerProcess } from '../../faults/support';
import { signUpCandidate } from '../../test/users';

/** `npm run backup` / `npm run restore` as an operator runs them (the CLI, through tsx). */
function cli(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..', '..', '..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const signInStatus = async (base: string, email: string) =>
  (await api(base, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } }))
    .status;

describe('backup and restore of the embedded database', () => {
  it('takes a consistent backup from the running server and restores it after a stop', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-backup-'));
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    let server: ServerProcess | undefined;
    try {
      server = startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
      let base = await server.url;
      const before = await signUpCandidate(base, { firstName: 'Before', lastName: 'Tester' });
      // A second server on the same data directory would corrupt it: it refuses to start.
      const second = startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('Another Candor server is running');

      // While the server runs and serves.
      const backup = await cli(dataDir, ['backup', '--out', file]);
      expect(backup.output).toContain('from the running server');
      expect(backup.code).toBe(0);
      expect(fs.statSync(file).size).toBeGreaterThan(1000);
      const after = await signUpCandidate(base, { firstName: 'Later', lastName: 'Tester' });
      expect(await signInStatus(base, after.email!)).toBe(200);

      // Never under a running server.
      const refused = await cli(dataDir, ['restore', file]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Another Candor server is running');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const restored = await cli(dataDir, ['restore', file]);
      expect(restored.output).toContain('The previous database was kept at');
      expect(restored.code).toBe(0);
      const kept = fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-restore-'));
      expect(kept).toHaveLength(1);

      server = startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
      base = await server.url;
      // The database as it was at the backup: the first account, not the later one.
      expect(await signInStatus(base, before.email!)).toBe(200);
      expect(await signInStatus(base, after.email!)).toBe(401);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // With no server running, the command reads the data directory itself.
      const offline = await cli(dataDir, ['backup', '--out', `${file}.2`]);
      expect(offline.output).toContain('from the data directory');
      // Anything but a backup is refused before the database is touched.
      fs.writeFileSync(`${file}.bad`, 'not a backup');
      const bad = await cli(dataDir, ['restore', `${file}.bad`]);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('is not a backup of a Candor database');
      expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-'))).toHaveLength(1);
    } finally {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      for (const f of [file, `${file}.2`, `${file}.bad`]) fs.rmSync(f, { force: true });
    }
  }, 180_000);
});
