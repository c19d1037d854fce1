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
