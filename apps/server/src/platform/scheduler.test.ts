import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type LoopDeps } from './scheduler';

/** A logger that keeps what it was told. */
function memoryLog() {
  const warned: { obj: object; msg: string }[] = [];
  return { warned, warn: (obj: object, msg: string) => warned.push({ obj, msg }) };
}

/** A lock shared by the "processes" of a test, as PostgreSQL's advisory lock is. */
function sharedLock(): NonNullable<LoopDeps['onlyOne']> {
  const held = new Set<string>();
  return async (key, fn) => {
    if (held.has(key)) return null;
    held.add(key);
    try {
      return { value: await fn() };
    } finally {
      held.delete(key);
    }
  };
}

describe('a background loop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at start, then every interval, until stopped', async () => {
    const run = vi.fn();
    const loop = createLoop(
      { name: 'sweep', everyMs: 1_000, jitter: 0, exclusive: false, run },
      { log: memoryLog() },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(5);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('comes back sooner when a run says work is left (a backlog)', async () => {
    const left = [true, true, false];
    const run = vi.fn(() => (left.shift() ? 100 : undefined));
    const loop = createLoop(
      { name: 'sweep', everyMs: 60_000, jitter: 0, exclusive: false, run },
      { log: memoryLog() },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(4);
    await loop.stop();
  });

  it('moves each pause by at most its jitter', async () => {
    const times: number[] = [];
    const randoms = [0, 1, 0.5];
    const loop = createLoop(
      {
        name: 'sweep',
        everyMs: 1_000,
        jitter: 0.2,
        exclusive: false,
        run: () => void times.push(Date.now()),
      },
      { log: memoryLog(), random: () => randoms.shift() ?? 0.5 },
    );
    const t0 = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await loop.stop();
    // Pauses of 800 ms (random 0), 1,200 ms (random 1), then 1,000 ms (random 0.5).
    expect(times.slice(0, 4).map((t) => t - t0)).toEqual([0, 800, 2_000, 3_000]);
  });

  it('logs a failed run and goes on at the next interval', async () => {
    const log = memoryLog();
    let calls = 0;
    const loop = createLoop(
      {
        name: 'the idle sweep',
        everyMs: 1_000,
        jitter: 0,
        exclusive: false,
        run: async () => {
          calls++;
          if (calls === 1) throw new Error('database away');
        },
      },
      { log },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(log.warned).toHaveLength(1);
    expect(log.warned[0]!.obj).toMatchObject({ loop: 'the idle sweep' });
    expect((log.warned[0]!.obj as { err: Error }).err.message).toBe('database away');
    await loop.stop();
  });

  it('never runs twice at once in a process, and stop waits for the run in progress', async () => {
    let finish!: () => void;
    let active = 0;
    let most = 0;
    const run = vi.fn(async () => {
      most = Math.max(most, ++active);
      await new Promise<void>((r) => (finish = r));
      active--;
    });
    const loop = createLoop(
      { name: 'slow', everyMs: 10, jitter: 0, exclusive: false, run },
      { log: memoryLog() },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(1_000);
    void loop.runNow();
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(most).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs an exclusive loop in one process at a time: the other skips that run', async () => {
    const onlyOne = sharedLock();
    let release!: () => void;
    const ran: string[] = [];
    const loopIn = (name: string, hold: boolean) =>
      createLoop(
        {
          name: 'retention',
          everyMs: 1_000,
          jitter: 0,
          exclusive: true,
          run: async () => {
            ran.push(name);
            // The first process's first run is a long one.
            if (hold && ran.length === 1) await new Promise<void>((r) => (release = r));
          },
        },
        { log: memoryLog(), onlyOne },
      );
    const first = loopIn('first', true);
    const second = loopIn('second', false);
    first.start();
    await vi.advanceTimersByTimeAsync(0);
    second.start();
    await vi.advanceTimersByTimeAsync(0);
    // The first process holds the lock: the second skipped its run and waits for its next turn.
    expect(ran).toEqual(['first']);
    release();
    // Free again: the second process takes its next turn (both wake at the interval).
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran.slice(0, 2)).toEqual(['first', 'second']);
    await first.stop();
    await second.stop();
  });

  it('a loop that is not exclusive never asks for the lock', async () => {
    const lock = sharedLock();
    let asked = 0;
    const onlyOne: typeof lock = (key, fn) => {
      asked++;
      return lock(key, fn);
    };
    const loop = createLoop(
      { name: 'pings', everyMs: 1_000, exclusive: false, run: () => undefined },
      { log: memoryLog(), onlyOne },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(2_500);
    await loop.stop();
    expect(asked).toBe(0);
  });
});
