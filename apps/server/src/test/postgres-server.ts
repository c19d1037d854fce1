import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

/** Finds initdb/pg_ctl of an installed PostgreSQL, or null. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(root, v, 'bin'));
    }
  }
  candidates.push('/usr/local/bin', '/usr/bin');
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')))
      return dir;
  }
  return null;
}

export interface PostgresServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Stops the server but keeps its data, for fault tests; start() brings it back on the same port. */
  pause(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster in a temporary directory on a free loopback port. initdb refuses
 * to run as root, so as root every command runs as the `postgres` user.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const asRoot = process.getuid?.() === 0;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pg-'));
  const dataDir = path.join(base, 'data');
  if (asRoot) {
    fs.chmodSync(base, 0o777);
    execFileSync('chown', ['postgres', base]);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c shared_buffers=128MB`;
  const start = async () => {
    run('pg_ctl', ['-D', dataDir, '-o', opts, '-l', path.join(base, 'log'), '-w', 'start']);
  };
  await start();
  const stopServer = async () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start,
    pause: stopServer,
    stop: async () => {
      await stopServer();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
