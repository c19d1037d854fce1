import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { DataDirInUseError, requestBackup, serverRunning } from '../platform/ops/backup';
import { PRIVATE_DIR } from '../platform/ops/file-modes';

/** The command side of `npm run backup` and `npm run restore` (decision 021). */

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Writes `bytes` to `file` whole or not at all (a temporary file renamed into place). */
function writeWhole(file: string, bytes: Uint8Array) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  fs.writeFileSync(tmp, bytes, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/**
 * Takes a consistent backup of the embedded database into `file`: from the running server when
 * there is one (it dumps between two transactions), else by opening the data directory here.
 */
export async function backupToFile(
  dataDir: string,
  file: string,
): Promise<{ bytes: number; from: 'running server' | 'data directory' }> {
  const fromServer = await requestBackup(dataDir);
  if (fromServer) {
    writeWhole(file, fromServer);
    return { bytes: fromServer.byteLength, from: 'running server' };
  }
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${dataDir} (looked for ${pgliteDir(dataDir)})`);
  }
  const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    const bytes = await database.dumpDataDir!();
    writeWhole(file, bytes);
    return { bytes: bytes.byteLength, from: 'data directory' };
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database with a backup. The backup is opened and checked in memory first;
 * the current data directory is kept beside it (`pglite.before-restore-<time>`) rather than
 * deleted. Refuses while a server runs on the directory.
 */
export async function restoreFromFile(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ keptAt: string | null; users: number }> {
  if (await serverRunning(dataDir)) throw new DataDirInUseError(dataDir);
  const bytes = fs.readFileSync(file);
  const { PGlite } = await import('@electric-sql/pglite');
  const blob = new Blob([bytes]);

  // A file that is not a Candor backup stops here, before anything is moved.
  const probe = new PGlite({ loadDataDir: blob });
  let users: number;
  try {
    await probe.waitReady;
    const result = await probe.query<{ n: number }>('select count(*)::int as n from "user"');
    users = result.rows[0]?.n ?? 0;
  } catch (err) {
    throw new Error(`${file} is not a backup of a Candor database: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    await probe.close().catch(() => undefined);
  }

  const target = pgliteDir(dataDir);
  let keptAt: string | null = null;
  if (fs.existsSync(target)) {
    keptAt = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, keptAt);
  }
  try {
    fs.mkdirSync(target, { recursive: true, mode: PRIVATE_DIR });
    const restored = new PGlite(target, { loadDataDir: blob });
    await restored.waitReady;
    await restored.close();
  } catch (err) {
    fs.rmSync(target, { recursive: true, force: true });
    if (keptAt) fs.renameSync(keptAt, target);
    throw err;
  }
  return { keptAt, users };
}
