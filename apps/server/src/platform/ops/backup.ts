import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_DIR } from './file-modes';

/**
 * Backups of the embedded database (PGlite) while the server runs (decision 021).
 *
 * PGlite lives inside the server process: a second process must never open its data directory
 * while the server holds it (two PostgreSQL instances on one directory corrupt it). So the running
 * server makes the dump itself and hands it over on a control socket in the data directory
 * (a Unix socket; a named pipe on Windows), which only someone who can read DATA_DIR can reach,
 * the very people who could copy the files anyway. The dump is taken while every other query and
 * transaction waits (PGlite's own transaction lock), right after a CHECKPOINT, so it is one
 * consistent moment of the database. With no server running, the command opens the directory
 * itself.
 */

/** The gzipped tarball of PGlite's data directory (what `loadDataDir` takes back). */
export type DumpDataDir = () => Promise<Uint8Array>;

/** Unix socket paths are limited to about 100 bytes: a long DATA_DIR uses the temp folder. */
export function controlSocketPath(dataDir: string): string {
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\candor-${hash}`;
  const inside = path.join(path.resolve(dataDir), 'control.sock');
  return Buffer.byteLength(inside) < 100 ? inside : path.join(os.tmpdir(), `candor-${hash}.sock`);
}

/** Whether a server answers on the control socket now. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Candor server is running on ${dataDir}: two servers must never share one embedded database. Stop it first, or use a PostgreSQL server (DATABASE_URL) for several processes.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Opens the control socket of a server running on the embedded database: `GET /backup` answers
 * a consistent dump. Refuses to start (DataDirInUseError) when another server already answers on
 * it; a socket file left by a killed server is removed.
 */
export async function serveBackups(options: {
  dataDir: string;
  dump: DumpDataDir;
  onError: (err: unknown) => void;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR });
  if (process.platform !== 'win32' && fs.existsSync(socketPath)) {
    if (await answers(socketPath)) throw new DataDirInUseError(options.dataDir);
    fs.rmSync(socketPath, { force: true });
  }
  let busy = false;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end('not found\n');
      return;
    }
    // One dump at a time: each holds every query of the server until it is taken.
    if (busy) {
      res.writeHead(409).end('a backup is already being taken\n');
      return;
    }
    busy = true;
    options
      .dump()
      .then((bytes) => {
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': String(bytes.byteLength),
        });
        res.end(bytes);
      })
      .catch((err: unknown) => {
        options.onError(err);
        res.writeHead(500).end('the backup failed; see the server log\n');
      })
      .finally(() => (busy = false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // Only the owner of the data directory may ask.
  if (process.platform !== 'win32') fs.chmodSync(socketPath, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Asks the running server for a dump; null when no server answers on the data directory. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the server refused the backup (${res.statusCode}): ${body}`));
      });
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}

/** Whether a server is running on the data directory (restore must not run under it). */
export function serverRunning(dataDir: string): Promise<boolean> {
  return answers(controlSocketPath(dataDir));
}
