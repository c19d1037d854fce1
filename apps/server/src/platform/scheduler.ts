import type { Database } from '../db/client';
import type { Logger } from './logger';
import { afterStart, type Startup } from './startup';

/**
 * The one way the server runs background work (issue 26): the idle attempts' sweep, the "Check
 * your answers" windows that ran out, recordings past their retention, the live sockets' pings and
 * session checks. A loop runs, then waits `everyMs` (or the shorter pause its run asked for, when
 * work is left), each pause moved by up to ±`jitter` of itself so that processes started together
 * drift apart; never two runs at once in a process; a failed run is logged and the loop goes on at
 * its next interval; `stop` waits for a run in progress, so a shutdown never cuts one off mid-way.
 * An exclusive loop runs in one process at a time: each run first takes a lock every process on
 * the database shares (`Database.onlyOne`: a PostgreSQL advisory lock), and a process that finds
 * it taken skips that run. No timer keeps the process alive by itself.
 */
export interface LoopOptions {
  /** Said in the logs; also the name of the lock an exclusive loop takes. */
  name: string;
  /** The pause between two runs. */
  everyMs: number;
  /** How far each pause may move, as a share of it (0.1: ±10%, the default; 0: none). */
  jitter?: number;
  /** One process at a time on the database (sweeps); each process alone otherwise (its sockets). */
  exclusive: boolean;
  /** One run; a number asks for that (shorter) pause before the next, as when a backlog remains. */
  run(): Promise<number | void> | number | void;
}

export interface Loop {
  /** Runs now, then every interval until `stop`. */
  start(): void;
  /** Stops the loop; resolves once a run in progress has ended. */
  stop(): Promise<void>;
  /** One run now, outside the timer (a run in progress is awaited instead). */
  runNow(): Promise<void>;
}

export interface LoopDeps {
  log: Pick<Logger, 'warn'>;
  /** Runs `fn` unless another process holds the lock named `key` (null then): db/client.ts. */
  onlyOne?: Database['onlyOne'];
  /** Where the jitter comes from (Math.random; tests fix it). */
  random?: () => number;
}

export function createLoop(options: LoopOptions, deps: LoopDeps): Loop {
  const jitter = options.jitter ?? 0.1;
  const random = deps.random ?? Math.random;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  const once = async (): Promise<number | void> => {
    if (!options.exclusive || !deps.onlyOne) return options.run();
    // Another process is running it: this one waits for its next turn.
    const held = await deps.onlyOne(`loop:${options.name}`, async () => options.run());
    return held?.value;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    const pause = Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))));
    timer = setTimeout(() => void runNow(), pause);
    timer.unref();
  };

  const runNow = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      let next = options.everyMs;
      try {
        const asked = await once();
        if (typeof asked === 'number') next = asked;
      } catch (err) {
        deps.log.warn({ err, loop: options.name }, 'a background run failed; retrying later');
      } finally {
        running = null;
      }
      schedule(next);
    })();
    return running;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void runNow();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runNow,
  };
}

/** What `scheduleLoop` needs of the app (Fastify's, kept structural). */
interface LoopHost {
  addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
  log: Pick<Logger, 'warn'>;
  deps: { database: Pick<Database, 'onlyOne'>; startup: Startup };
}

/**
 * A loop of the app: it starts once the app's start is over (migrations done: platform/startup.ts)
 * and stops when the app closes. Loops registered later close earlier (Fastify runs onClose hooks
 * last-in first-out), so a module's loops stop before what they use closes.
 */
export function scheduleLoop(app: LoopHost, options: LoopOptions): Loop {
  const loop = createLoop(options, { log: app.log, onlyOne: app.deps.database.onlyOne });
  afterStart(app, app.deps.startup, () => loop.start());
  app.addHook('onClose', () => loop.stop());
  return loop;
}
