/**
 * Where the process is in its start: `starting` while migrations, seeding and the first
 * administrator run (main.ts listens before them, so probes get an answer instead of a refused
 * connection), then `ready`. Requests that arrive while starting wait for it (startupGate), so
 * nobody meets a half-migrated database; `/api/ready` answers 503 at once instead.
 */
export type StartupState = 'starting' | 'ready';

export interface Startup {
  readonly state: StartupState;
  /** Resolves once ready. */
  readonly done: Promise<void>;
  ready(): void;
}

export function createStartup(state: StartupState = 'starting'): Startup {
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const startup = {
    state,
    done,
    ready() {
      startup.state = 'ready';
      resolve();
    },
  };
  if (state === 'ready') resolve();
  return startup;
}

/** A request that arrives while starting waits at most this long before a 503. */
export const STARTUP_WAIT_MS = 60_000;

/** Waits for the start to finish; false when it took longer than `ms`. */
export async function waitForStartup(startup: Startup, ms = STARTUP_WAIT_MS): Promise<boolean> {
  if (startup.state === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
  try {
    return await Promise.race([startup.done.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The hooks `afterStart` needs of an app (Fastify's, kept structural so this stays Fastify-free). */
interface Hooks {
  addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
}

/**
 * Runs `start` (background work: sweeps, reports left pending) once the start is over: main.ts
 * listens before it migrates, so work started with the listener met tables that did not exist
 * yet on a new database, or an upgrade's columns not added yet (issue 24, finding 11). An app
 * built ready (tests) starts it with the listener, as before; closed during the start, never.
 */
export function afterStart(app: Hooks, startup: Startup, start: () => void): void {
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  app.addHook('onReady', async () => {
    if (startup.state === 'ready') return start();
    void startup.done.then(() => {
      if (!closed) start();
    });
  });
}
