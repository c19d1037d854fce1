import type { PythonIsolation } from './isolation';
import { SandboxUnavailableError } from './javascript';
import { judge } from './judge';
import type { RunLimits } from './protocol';
import { startChild, type PythonChild } from './python-child';
import { pythonSnapshot } from './python-snapshot';
import type { Lane } from './scheduler';

/**
 * Python submissions (issue 16; issue 24, decision 031): a fresh child process per submission,
 * started from Pyodide's memory snapshot and killed once its tests have run. A small pool of
 * unused, already started children (`warm`) hides the start (about 0.35 s): a submission takes
 * one and another is started at once. The pool starts with the first need (a coding question
 * on screen: `prepare`) and empties after `idleMs` without Python, so a server that never runs
 * Python holds no child, and one that did gives the memory back.
 */

export interface PythonLaneOptions {
  /** Submissions running at once. */
  capacity: number;
  /** Started children waiting for a submission. */
  warm: number;
  /** Warm children are ended after this long without a Python submission. */
  idleMs: number;
  limits: RunLimits;
  isolation: () => Promise<PythonIsolation>;
}

/** Children that fail to start this many times in a row for one submission: Python is down. */
const START_ATTEMPTS = 3;

export function createPythonLane(options: PythonLaneOptions) {
  const idle: Promise<PythonChild>[] = [];
  const running = new Set<PythonChild>();
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function launch(): Promise<PythonChild> {
    const started = (async () => {
      const [snapshot, isolation] = await Promise.all([pythonSnapshot(), options.isolation()]);
      if (closed) throw new Error('The sandbox is closed');
      const child = startChild({ snapshot, isolation, limits: options.limits });
      await child.ready;
      return child;
    })();
    started.catch(() => undefined);
    return started;
  }

  function drain() {
    for (const child of idle.splice(0))
      void child.then(
        (c) => c.kill(),
        () => undefined,
      );
  }

  /** Tops the pool up to `warm`, and ends it after `idleMs` without use. */
  function refill() {
    while (!closed && idle.length < options.warm) idle.push(launch());
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(drain, options.idleMs);
    idleTimer.unref();
  }

  async function take(): Promise<PythonChild> {
    let why = 'no reason given';
    for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      const next = idle.shift() ?? launch();
      try {
        const child = await next;
        // The replacement starts once this one is ready: a cold start does not share the CPU
        // with it.
        refill();
        if (!child.dead()) return child;
      } catch (err) {
        why = err instanceof Error ? err.message : String(err);
      }
      if (closed) throw new Error('The sandbox is closed');
    }
    throw new SandboxUnavailableError(why);
  }

  const lane: Lane = {
    capacity: Math.max(1, options.capacity),
    async execute(request) {
      if (closed) throw new Error('The sandbox is closed');
      const child = await take();
      running.add(child);
      const started = performance.now();
      try {
        const outcomes = await child.run(request);
        return judge(request, outcomes, performance.now() - started);
      } finally {
        running.delete(child);
        child.kill();
      }
    },
  };

  return {
    lane,
    /** Starts the warm pool (and makes the snapshot if need be); resolves once it is ready. */
    async prepare() {
      if (closed) return;
      refill();
      await Promise.allSettled(idle);
    },
    stats: () => ({ warm: idle.length, running: running.size }),
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      drain();
      for (const child of running) child.kill();
    },
  };
}
