import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadCache, type ReadCache } from './read-cache';
import { createRelay, tellOtherProcesses, type Relay } from './relay';

/**
 * The relay between processes over a stand-in for PostgreSQL's LISTEN/NOTIFY: every process hears
 * every notification, in order, unless the test loses one on the way to a listener. (The real
 * channel between two app instances is covered in cache.integration.test.ts.)
 */

interface Listener {
  onMessage: (payload: string) => void;
  onGap: () => void;
  /** Notifications this listener will not receive. */
  lose: number;
}

function createBus() {
  const listeners: Listener[] = [];
  const sent: string[] = [];
  let down = false;
  return {
    sent,
    listeners,
    setDown(value: boolean) {
      down = value;
    },
    channel() {
      return {
        listen: async (_name: string, onMessage: Listener['onMessage'], onGap: () => void) => {
          listeners.push({ onMessage, onGap, lose: 0 });
        },
        notify: async (_name: string, payload: string) => {
          if (down) throw new Error('connection lost');
          sent.push(payload);
          for (const l of listeners) {
            if (l.lose > 0) l.lose--;
            else l.onMessage(payload);
          }
        },
      };
    },
  };
}

const TTL = 10_000;
const quiet = { warn: () => undefined };

interface Process {
  cache: ReadCache;
  relay: Relay;
  /** Reads `key` owned by `owner` through the cache; true when it was loaded (not served from memory). */
  read(key: string, owner: string): Promise<boolean>;
}

async function startProcess(bus: ReturnType<typeof createBus>): Promise<Process> {
  const cache = createReadCache({ ttlMs: TTL, maxEntries: 10_000 });
  const relay = createRelay({ cache, channel: bus.channel(), giveUpAfterMs: TTL, log: quiet });
  await relay.start();
  return {
    cache,
    relay,
    async read(key, owner) {
      let loaded = false;
      await cache.through(
        key,
        async () => ((loaded = true), key),
        () => owner,
      );
      return loaded;
    },
  };
}

describe('the read-cache relay between processes', () => {
  let bus: ReturnType<typeof createBus>;
  let a: Process;
  let b: Process;
  beforeEach(async () => {
    vi.useFakeTimers();
    bus = createBus();
    a = await startProcess(bus);
    b = await startProcess(bus);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers a burst of invalidations into one notification that reaches the other process', async () => {
    for (let i = 0; i < 100; i++) await b.read(`k${i}`, `user-${i}`);
    await b.read('bystander', 'grace');
    for (let i = 0; i < 100; i++) a.cache.invalidateUser(`user-${i}`);
    expect(bus.sent).toHaveLength(0); // nothing leaves before the tick
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.sent).toHaveLength(1);
    expect(a.relay.stats).toMatchObject({ sent: 1, invalidationsSent: 100 });
    for (let i = 0; i < 100; i++) expect(await b.read(`k${i}`, `user-${i}`)).toBe(true);
    expect(await b.read('bystander', 'grace')).toBe(false);
    expect(b.relay.stats.gaps).toBe(0);
  });

  it('splits a batch too large for one notification under PostgreSQL’s 8,000-byte limit', async () => {
    const users = Array.from({ length: 1_000 }, () => crypto.randomUUID());
    for (const u of users) await b.read(`k-${u}`, u);
    for (const u of users) a.cache.invalidateUser(u);
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.sent.length).toBeGreaterThan(1);
    for (const payload of bus.sent) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(b.cache.size).toBe(0);
    expect(b.relay.stats.gaps).toBe(0);
  });

  it('drops the whole cache when a notification went missing on the way', async () => {
    await b.read('k', 'ada');
    await b.read('other', 'grace');
    b.cache.invalidateUser('nobody'); // b's own: not echoed back to b
    await vi.advanceTimersByTimeAsync(50);
    bus.listeners[1]!.lose = 1; // b misses a's next notification
    a.cache.invalidateUser('zoe');
    await vi.advanceTimersByTimeAsync(50);
    expect(b.cache.size).toBe(2); // nothing told b yet
    a.cache.invalidateUser('mia');
    await vi.advanceTimersByTimeAsync(50);
    expect(b.relay.stats.gaps).toBe(1);
    expect(b.cache.size).toBe(0);
  });

  it('drops the whole cache after its connection was re-opened', async () => {
    await b.read('k', 'ada');
    bus.listeners[1]!.onGap();
    expect(b.cache.size).toBe(0);
  });

  it('drops the whole cache on a message it cannot read', async () => {
    await b.read('k', 'ada');
    bus.listeners[1]!.onMessage('{"nonsense":true}');
    expect(b.cache.size).toBe(0);
  });

  it('keeps retrying while the database is away, and delivers in order when it is back', async () => {
    await b.read('k', 'ada');
    bus.setDown(true);
    a.cache.invalidateUser('ada');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.relay.stats.failed).toBeGreaterThan(0);
    expect(b.cache.size).toBe(1);
    bus.setDown(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(b.cache.size).toBe(0);
    expect(b.relay.stats.gaps).toBe(0); // delivered late, not lost
  });

  it('gives up after the time to live, and the next notification tells the others to drop all', async () => {
    await b.read('k', 'ada');
    await b.read('other', 'grace');
    bus.setDown(true);
    a.cache.invalidateUser('ada');
    await vi.advanceTimersByTimeAsync(TTL + 5_000);
    bus.setDown(false);
    a.cache.invalidateUser('zoe');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(a.relay.stats.givenUp).toBe(1);
    expect(b.relay.stats.gaps).toBe(1);
    expect(b.cache.size).toBe(0);
  });

  it('ignores its own notifications', async () => {
    await a.read('k', 'ada');
    a.cache.invalidateUser('grace');
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.sent).toHaveLength(1);
    expect(a.cache.size).toBe(1);
    expect(a.relay.stats.received).toBe(0);
  });

  it('a process started later takes a sender’s first notification as its start only if it is number 1', async () => {
    a.cache.invalidateUser('one');
    await vi.advanceTimersByTimeAsync(50);
    const late = await startProcess(bus);
    await late.read('k', 'ada');
    a.cache.invalidateUser('two');
    await vi.advanceTimersByTimeAsync(50);
    // It never saw number 1: for all it knows, that one was about its entries.
    expect(late.relay.stats.gaps).toBe(1);
    expect(late.cache.size).toBe(0);
  });

  it('hears a one-off writer outside the servers (a command line)', async () => {
    await b.read('k', 'ada');
    await b.read('other', 'grace');
    await tellOtherProcesses(bus.channel(), [{ kind: 'user', userId: 'ada' }]);
    expect(await b.read('k', 'ada')).toBe(true);
    expect(await b.read('other', 'grace')).toBe(false);
    expect(b.relay.stats.gaps).toBe(0);
  });
});
