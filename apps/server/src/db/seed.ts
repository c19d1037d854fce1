import type { Db } from './client';

/** Seeds the demo catalogue on an empty database. Filled in with the catalogue. */
export async function seedDemoCatalogue(
  _db: Db,
): Promise<{ categories: number; sets: number; questions: number } | null> {
  return null;
}
