/**
 * A short-lived, in-process cache for the candidate's hot reads and for session lookups
 * (decision 008). Correctness comes from invalidation, not from the time to live: a write that
 * succeeded drops exactly what it can change (the entries of the user it touched, or every entry
 * carrying a shared tag such as the catalogue), and other server processes hear about it through
 * the database (relay.ts). The time to live bounds what no invalidation covers (figures other
 * candidates change) and the worst case of a lost message between processes.
 *
 * Entries carry the logical clock read before their value was loaded; an invalidation stamps its
 * scope with a later tick, so a value loaded while a write was in flight is never kept.
 */
export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  /** The scopes whose invalidation drops the entry: its owner's (`u:<id>`) and shared tags (`t:<tag>`). */
  scopes: string[];
  tick: number;
  expiresAt: number;
}

/** What a write changed: one user's entries, every entry with a shared tag, or everything. */
export type Invalidation =
  { kind: 'user'; userId: string } | { kind: 'tag'; tag: string } | { kind: 'all' };

/** Shared tags a cached read may carry. */
export const CATALOGUE = 'catalogue';

const userScope = (userId: string) => `u:${userId}`;
const tagScope = (tag: string) => `t:${tag}`;

/** Past this many remembered invalidation ticks, those no load in flight can need are forgotten. */
const TICKS_KEPT = 10_000;

export function createReadCache(options: ReadCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Keys by scope, so an invalidation drops its entries without scanning the cache. */
  const byScope = new Map<string, Set<string>>();
  /** The tick of each scope's last invalidation, consulted only by loads still in flight. */
  const scopeTicks = new Map<string, number>();
  /** Ticks of the loads in flight. */
  const loading = new Set<number>();
  let clock = 0;
  let allTick = 0;
  const listeners = new Set<(change: Invalidation) => void>();
  const stats = { hits: 0, misses: 0 };

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const scope of entry.scopes) {
      const keys = byScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) byScope.delete(scope);
    }
  }

  function store(key: string, entry: Entry) {
    remove(key);
    entries.set(key, entry);
    for (const scope of entry.scopes) {
      let keys = byScope.get(scope);
      if (!keys) byScope.set(scope, (keys = new Set()));
      keys.add(key);
    }
    // Oldest first out: Map keeps insertion order.
    while (entries.size > options.maxEntries) remove(entries.keys().next().value!);
  }

  /** A value loaded from `tick` on is current unless its scope (or everything) was invalidated since. */
  const current = (tick: number, scopes: string[]) =>
    tick > allTick && scopes.every((s) => tick > (scopeTicks.get(s) ?? 0));

  function invalidateScope(scope: string) {
    const keys = byScope.get(scope);
    if (keys) for (const key of [...keys]) remove(key);
    // Only a load in flight can hold a value older than this invalidation.
    if (loading.size > 0) scopeTicks.set(scope, ++clock);
    if (scopeTicks.size > TICKS_KEPT) {
      const oldest = Math.min(...loading);
      for (const [s, t] of scopeTicks) if (t < oldest) scopeTicks.delete(s);
    }
  }

  function tell(change: Invalidation, fromRemote: boolean) {
    if (!fromRemote) for (const l of listeners) l(change);
  }

  /** Drops everything `userId` may see changed by a write (here, and in other processes). */
  function invalidateUser(userId: string, fromRemote = false) {
    invalidateScope(userScope(userId));
    tell({ kind: 'user', userId }, fromRemote);
  }

  /** Drops every entry carrying a shared tag (the catalogue after an administrator's edit). */
  function invalidateTag(tag: string, fromRemote = false) {
    invalidateScope(tagScope(tag));
    tell({ kind: 'tag', tag }, fromRemote);
  }

  function invalidateAll(fromRemote = false) {
    allTick = ++clock;
    entries.clear();
    byScope.clear();
    scopeTicks.clear();
    tell({ kind: 'all' }, fromRemote);
  }

  return {
    stats,
    /**
     * The cached value for `key`, or `load()`'s. `ownerOf` names the user whose writes invalidate
     * it (known only after loading for a session lookup); `cacheable` may refuse to keep a value;
     * `tags` are shared scopes (e.g. CATALOGUE) whose invalidation drops it too.
     */
    async through<T>(
      key: string,
      load: () => Promise<T>,
      ownerOf: (value: T) => string | null,
      cacheable: (value: T) => boolean = () => true,
      tags: readonly string[] = [],
    ): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        stats.hits++;
        return hit.value as T;
      }
      if (hit) remove(key);
      stats.misses++;
      const tick = ++clock;
      loading.add(tick);
      try {
        const value = await load();
        if (options.ttlMs > 0 && cacheable(value)) {
          const owner = ownerOf(value);
          const scopes = [...(owner ? [userScope(owner)] : []), ...tags.map(tagScope)];
          if (current(tick, scopes)) {
            store(key, { value, scopes, tick, expiresAt: now() + options.ttlMs });
          }
        }
        return value;
      } finally {
        loading.delete(tick);
        // Every later load starts from a later tick: remembered invalidations no longer matter.
        if (loading.size === 0) scopeTicks.clear();
      }
    },
    invalidateUser,
    invalidateTag,
    invalidateAll,
    /** Applies an invalidation heard from another process (not forwarded again). */
    apply(change: Invalidation) {
      if (change.kind === 'user') invalidateUser(change.userId, true);
      else if (change.kind === 'tag') invalidateTag(change.tag, true);
      else invalidateAll(true);
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
