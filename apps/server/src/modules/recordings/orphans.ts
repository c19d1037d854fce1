import type { Db } from '../../db/client';
import { idsWithoutAccount } from '../users';
import { userRecordingsPrefix, type RecordingStore } from './store/store';

const OWNER =
  /^users\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/recordings\//i;

/**
 * Deleting an account removes its rows in one transaction and its audio right after the commit
 * (account/service.ts). On disk a crash in between is healed at the next start by
 * removeOrphanedUserFiles; in S3 this does the same: the recordings of accounts that no longer
 * exist are deleted. Run once at start-up (main.ts); answers how many accounts' audio went.
 * It lists the bucket's `users/` keys, so it costs one listing request per thousand objects.
 */
export async function removeOrphanedRecordings(db: Db, store: RecordingStore): Promise<number> {
  if (store.kind !== 's3') return 0;
  const owners = new Set<string>();
  for (const { key } of await store.list('users/')) {
    const id = OWNER.exec(key)?.[1];
    if (id) owners.add(id.toLowerCase());
  }
  const orphans = await idsWithoutAccount(db, [...owners]);
  for (const id of orphans) await store.deletePrefix(userRecordingsPrefix(id));
  return orphans.length;
}
