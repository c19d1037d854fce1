import fs from 'node:fs';
import path from 'node:path';

/**
 * Files the server keeps are its own (issue 24, finding 10; decision 036): DATA_DIR holds the
 * embedded database (password hashes, sessions), the session secret and recordings, and no other
 * local user may read them. New files are private by construction: every entry point calls
 * `restrictNewFiles` first, so whatever creates a file gets 0600 and every new folder 0700,
 * PGlite's folders included; the places that create DATA_DIR's own entries also name their
 * modes. PGlite sets the files of a cluster it creates to 0666 itself (and its relation-cache
 * files to 0644 while it runs), inside its 0700 folders: a new cluster is tightened as soon as
 * it exists (db/client.ts), and DATA_DIR at every start and stop (`tightenDataDir`), which also
 * mends an install made before this.
 */

/** Modes of what the server keeps: folders 0700, files 0600. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** From here on this process creates nothing that group or others may read (umask 077). */
export function restrictNewFiles(): void {
  if (process.platform !== 'win32') process.umask(0o077);
}

/**
 * What the server keeps in DATA_DIR. Only these are walked: DATA_DIR is meant to be Candor's
 * alone, but should it be pointed at a shared folder, the server must not rewrite the modes of
 * files it never made (made private, DATA_DIR itself already keeps others out of them).
 */
const OURS = [
  /^pglite$/,
  /^pglite\.before-restore-/,
  /^users$/,
  /^auth-secret$/,
  /^control\.sock$/,
];

export interface Tightened {
  /** Folders and files whose group or other permissions were removed. */
  changed: number;
  /** Entries looked at. */
  seen: number;
  /** Entries whose mode could not be changed (another owner, a read-only volume). */
  failed: number;
}

/**
 * Tightens an existing DATA_DIR once, at start-up: DATA_DIR itself first (0700: from then on no
 * other user reaches anything inside), then every folder of the server's own entries to 0700 and
 * every file to owner-only (0600 for an ordinary file). Symbolic links are neither followed nor
 * changed. A DATA_DIR that does not exist is left to whatever creates it (privately); one whose
 * modes cannot be changed is counted, not fatal (the caller warns). Windows: nothing to do.
 */
export async function tightenDataDir(dir: string): Promise<Tightened> {
  const result: Tightened = { changed: 0, seen: 0, failed: 0 };
  if (process.platform === 'win32' || !fs.existsSync(dir)) return result;
  await tighten(dir, true, result);
  let entries: string[];
  try {
    entries = await fs.promises.readdir(dir);
  } catch {
    result.failed++;
    return result;
  }
  for (const name of entries) {
    if (OURS.some((pattern) => pattern.test(name))) await walk(path.join(dir, name), result);
  }
  return result;
}

/** One folder and everything in it made owner-only (a cluster PGlite has just created). */
export async function tightenTree(dir: string): Promise<Tightened> {
  const result: Tightened = { changed: 0, seen: 0, failed: 0 };
  if (process.platform !== 'win32') await walk(dir, result);
  return result;
}

async function tighten(target: string, isDir: boolean, result: Tightened) {
  try {
    const { mode } = await fs.promises.lstat(target);
    result.seen++;
    const wanted = isDir ? PRIVATE_DIR : mode & 0o700;
    if ((mode & 0o777) !== wanted) {
      await fs.promises.chmod(target, wanted);
      result.changed++;
    }
  } catch {
    result.failed++;
  }
}

async function walk(target: string, result: Tightened): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.lstat(target);
  } catch {
    return; // gone meanwhile
  }
  if (stat.isSymbolicLink()) return;
  await tighten(target, stat.isDirectory(), result);
  if (!stat.isDirectory()) return;
  let names: string[];
  try {
    names = await fs.promises.readdir(target);
  } catch {
    result.failed++;
    return;
  }
  for (const name of names) await walk(path.join(target, name), result);
}
