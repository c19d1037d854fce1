import { describe, expect, it } from 'vitest';
import { CATALOGUE, createReadCache, type Invalidation } from './read-cache';

function cacheAt(start = 0) {
  let t = start;
  const cache = createReadCache({ ttlMs: 1_000, maxEntries: 3, now: () => t });
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('the read cache', () => {
  it('serves a value again until its owner writes', async () => {
    const { cache } = cacheAt();
    let loads = 0;
    const read = () =>
      cache.through(
        'k',
        async () => ++loads,
        () => 'ada',
      );
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    cache.invalidateUser('grace');
    expect(await read()).toBe(1);
    cache.invalidateUser('ada');
    expect(await read()).toBe(2);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });

  it('forgets everything on invalidateAll and after the time to live', async () => {
    const { cache, advance } = cacheAt();
    let loads = 0;
    const read = () =>
      cache.through(
        'k',
        async () => ++loads,
        () => null,
      );
    await read();
    cache.invalidateAll();
    expect(await read()).toBe(2);
    advance(999);
    expect(await read()).toBe(2);
    advance(2);
    expect(await read()).toBe(3);
  });

  it('never keeps a value loaded while its owner was writing', async () => {
    const { cache } = cacheAt();
    let release!: () => void;
    const slow = cache.through(
      'k',
      () => new Promise<string>((r) => (release = () => r('before the write'))),
      () => 'ada',
    );
    cache.invalidateUser('ada'); // the write lands while the read is in flight
    release();
    expect(await slow).toBe('before the write');
    expect(
      await cache.through(
        'k',
        async () => 'after',
        () => 'ada',
      ),
    ).toBe('after');
  });

  it('keeps nothing the caller calls uncacheable, and at most maxEntries values', async () => {
    const { cache } = cacheAt();
    await cache.through(
      'none',
      async () => null,
      () => null,
      (v) => v !== null,
    );
    expect(cache.size).toBe(0);
    for (const k of ['a', 'b', 'c', 'd'])
      await cache.through(
        k,
        async () => k,
        () => null,
      );
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.through(
      'a',
      async () => ((reloaded = true), 'a'),
      () => null,
    );
    expect(reloaded).toBe(true);
  });

  it('tells listeners about local invalidations only', () => {
    const { cache } = cacheAt();
    const heard: Invalidation[] = [];
    cache.onInvalidate((change) => heard.push(change));
    cache.invalidateUser('ada');
    cache.invalidateTag(CATALOGUE);
    cache.invalidateAll();
    cache.invalidateUser('grace', true);
    cache.apply({ kind: 'tag', tag: CATALOGUE });
    cache.apply({ kind: 'all' });
    expect(heard).toEqual([
      { kind: 'user', userId: 'ada' },
      { kind: 'tag', tag: CATALOGUE },
      { kind: 'all' },
    ]);
  });

  it("drops exactly the entries a write touches: a user's own, or those carrying a shared tag", async () => {
    const { cache } = cacheAt();
    const loads: string[] = [];
    const read = (key: string, owner: string | null, tags: string[] = []) =>
      cache.through(
        key,
        async () => (loads.push(key), key),
        () => owner,
        undefined,
        tags,
      );
    const all = async () => {
      await read('session:ada', 'ada');
      await read('sets:ada', 'ada', [CATALOGUE]);
      await read('session:grace', 'grace');
    };
    await all();
    expect(loads).toEqual(['session:ada', 'sets:ada', 'session:grace']);
    loads.length = 0;

    // The catalogue changed: Ada's list of sets, not anyone's session.
    cache.invalidateTag(CATALOGUE);
    await all();
    expect(loads).toEqual(['sets:ada']);
    loads.length = 0;

    // Grace wrote: her entries only.
    cache.invalidateUser('grace');
    await all();
    expect(loads).toEqual(['session:grace']);
    expect(cache.size).toBe(3);
  });

  it('never keeps a value loaded while its shared tag was invalidated', async () => {
    const { cache } = cacheAt();
    let release!: () => void;
    const slow = cache.through(
      'sets:ada',
      () => new Promise<string>((r) => (release = () => r('old catalogue'))),
      () => 'ada',
      undefined,
      [CATALOGUE],
    );
    cache.invalidateTag(CATALOGUE);
    release();
    expect(await slow).toBe('old catalogue');
    expect(cache.size).toBe(0);
  });
});
