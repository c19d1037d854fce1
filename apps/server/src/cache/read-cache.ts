/**
 * A short-lived, in-process cache for the candidate's hot reads and for session lookups
 * (decision 008). Correctness comes from invalidation, not from the time to live: every write
 * invalidates what it can change (the writer's entries, or everything for admin and sign-in
 * traffic), and other server processes hear about it through the database (LISTEN/NOTIFY). The
 * time to live only bounds how stale global figures (another candidate's attempt counts) may get.
 *
 * Entries carry the logical clock read before their value was loaded; an invalidation stamps the
 * user (or everything) with a later tick, so a value loaded while a write was in flight is never
 * served afterwards.
 */
export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  /** Owner whose writes invalidate the entry (null: only invalidateAll does). */
  userId: string | null;
  tick: number;
  expiresAt: number;
}

export interface Invalidation {
  userId: string | null;
}

export function createReadCache(options: ReadCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const userTicks = new Map<string, number>();
  let clock = 0;
  let allTick = 0;
  const listeners = new Set<(change: Invalidation) => void>();
  const stats = { hits: 0, misses: 0 };

  const fresh = (entry: Entry) =>
    entry.expiresAt > now() &&
    entry.tick > allTick &&
    (entry.userId === null || entry.tick > (userTicks.get(entry.userId) ?? 0));

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first out: Map keeps insertion order.
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    stats,
    /**
     * The cached value for `key`, or `load()`'s. `ownerOf` names the user whose writes invalidate
     * it (known only after loading for a session lookup); `cacheable` may refuse to keep a value.
     */
    async through<T>(
      key: string,
      load: () => Promise<T>,
      ownerOf: (value: T) => string | null,
      cacheable: (value: T) => boolean = () => true,
    ): Promise<T> {
      const hit = entries.get(key);
      if (hit && fresh(hit)) {
        stats.hits++;
        return hit.value as T;
      }
      if (hit) entries.delete(key);
      stats.misses++;
      const tick = ++clock;
      const value = await load();
      if (cacheable(value)) {
        const entry: Entry = {
          value,
          userId: ownerOf(value),
          tick,
          expiresAt: now() + options.ttlMs,
        };
        if (fresh(entry)) store(key, entry);
      }
      return value;
    },
    /** Drops everything `userId` may see changed by their own write (here, and in other processes). */
    invalidateUser(userId: string, fromRemote = false) {
      userTicks.set(userId, ++clock);
      if (!fromRemote) for (const l of listeners) l({ userId });
    },
    invalidateAll(fromRemote = false) {
      allTick = ++clock;
      entries.clear();
      userTicks.clear();
      if (!fromRemote) for (const l of listeners) l({ userId: null });
    },
    /** Local invalidations, to forward to other processes. */
    onInvalidate(listener: (change: Invalidation) => void) {
      listeners.add(listener);
    },
    get size() {
      return entries.size;
    },
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;
