import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema';

/** At most `limit` counts per `windowSeconds`, the window starting with a key's first count. */
export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

/** Room left under a rule, or how long until the window ends. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Expired rows go at most this often per process: the table never holds more than a window's keys. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counters in the database (`auth_throttle`), so every server process on one PostgreSQL counts
 * together. Each step is one statement (an upsert with a condition), so two processes counting the
 * same key at once cannot both slip under the limit. The database's clock decides the windows.
 * Keys are hashed: the table holds no e-mail address or client address.
 */
export function createThrottle(db: Db) {
  let lastPrune = 0;

  const hash = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

  const rows = (result: unknown) =>
    ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

  async function secondsLeft(key: string): Promise<number> {
    const result = await db.execute(
      sql`select extract(epoch from (${authThrottle.resetAt} - now())) as left_s from ${authThrottle} where ${authThrottle.key} = ${key}`,
    );
    const left = Number(rows(result)[0]?.left_s ?? 1);
    return Math.max(1, Math.ceil(left));
  }

  function pruneNowAndThen() {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    // Not awaited: the answer never waits for housekeeping, and a failed prune is retried later.
    db.execute(sql`delete from ${authThrottle} where ${authThrottle.resetAt} < now()`).catch(
      () => undefined,
    );
  }

  return {
    /**
     * Counts one under `rule` if there is room (a window that has ended starts again at one);
     * otherwise counts nothing and says how long the window has left.
     */
    async take(key: string, rule: ThrottleRule): Promise<ThrottleVerdict> {
      pruneNowAndThen();
      const k = hash(key);
      const result = await db.execute(sql`
        insert into ${authThrottle} (key, count, reset_at)
        values (${k}, 1, now() + make_interval(secs => ${rule.windowSeconds}::double precision))
        on conflict (key) do update set
          count = case when ${authThrottle.resetAt} <= now() then 1 else ${authThrottle.count} + 1 end,
          reset_at = case when ${authThrottle.resetAt} <= now() then excluded.reset_at else ${authThrottle.resetAt} end
        where ${authThrottle.resetAt} <= now() or ${authThrottle.count} < ${rule.limit}
        returning count`);
      if (rows(result).length > 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: await secondsLeft(k) };
    },

    /** Whether `rule` still has room for `key`, counting nothing. */
    async check(key: string, rule: ThrottleRule): Promise<ThrottleVerdict> {
      const k = hash(key);
      const result = await db.execute(
        sql`select count from ${authThrottle} where ${authThrottle.key} = ${k} and ${authThrottle.resetAt} > now()`,
      );
      const count = Number(rows(result)[0]?.count ?? 0);
      if (count < rule.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: await secondsLeft(k) };
    },

    /** Counts one whatever the limit (what happened has happened; `check` refuses the next). */
    async add(key: string, rule: ThrottleRule): Promise<void> {
      pruneNowAndThen();
      await db.execute(sql`
        insert into ${authThrottle} (key, count, reset_at)
        values (${hash(key)}, 1, now() + make_interval(secs => ${rule.windowSeconds}::double precision))
        on conflict (key) do update set
          count = case when ${authThrottle.resetAt} <= now() then 1 else ${authThrottle.count} + 1 end,
          reset_at = case when ${authThrottle.resetAt} <= now() then excluded.reset_at else ${authThrottle.resetAt} end`);
    },

    /** Gives back one `take` that turned out not to count (a sign-in that succeeded). */
    async giveBack(key: string): Promise<void> {
      await db.execute(
        sql`update ${authThrottle} set count = count - 1 where ${authThrottle.key} = ${hash(key)} and count > 0`,
      );
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
