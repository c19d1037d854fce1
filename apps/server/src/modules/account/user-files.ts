import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { idsWithoutAccount } from '../users';

/**
 * Files kept for a user (recordings, uploaded documents: none are written yet) live under
 * `$DATA_DIR/users/<user id>/`, one folder per account, so deleting an account removes exactly
 * its folder. Whatever stores a file for a user must put it there (`userFilesDir`).
 *
 * A file system cannot join the database's transaction: the rows go in one transaction, the folder
 * right after it commits. A crash in between leaves a folder without an account, which
 * `removeOrphanedUserFiles` clears at the next start, so "everything or nothing" holds for files
 * too once the server is back.
 */

/** Account ids are UUIDs (auth.ts); anything else never becomes a path. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function userFilesRoot(dataDir: string): string {
  return path.join(dataDir, 'users');
}

/** The folder of one user's files, or null for an id that cannot be one. */
export function userFilesDir(dataDir: string, userId: string): string | null {
  return USER_ID.test(userId) ? path.join(userFilesRoot(dataDir), userId.toLowerCase()) : null;
}

/** Removes the user's folder and everything in it (nothing happens when there is none). */
export async function removeUserFiles(dataDir: string, userId: string): Promise<void> {
  const dir = userFilesDir(dataDir, userId);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

/**
 * Removes the folders of accounts that no longer exist (a deletion interrupted between its commit
 * and the removal of the files). Returns how many went.
 */
export async function removeOrphanedUserFiles(db: Db, dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(userFilesRoot(dataDir));
  } catch {
    return 0;
  }
  const ids = names.filter((n) => USER_ID.test(n));
  if (ids.length === 0) return 0;
  const orphans = await idsWithoutAccount(db, ids);
  for (const id of orphans) await removeUserFiles(dataDir, id);
  return orphans.length;
}
