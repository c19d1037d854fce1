import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../apps/server/src/test/processes';
import { startProductionServer } from './production-server';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** With `movableClock`: moves the server's clock this far ahead of real time, from now on. */
  moveClock(byMs: number): void;
  /** The server's own time: real time plus what moveClock moved it. */
  now(): number;
  stop(): Promise<void>;
}

/**
 * A server of the spec's own for the tests of one describe block (or file): started before them
 * with `env()` (read then, so it may name what an earlier beforeAll started), stopped after.
 */
export function useServer(env: () => Record<string, string>): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env());
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('useServer: the server starts in beforeAll');
    return server;
  };
}

/**
 * The production build (`npm run build` ran before) on a free port, a fresh data directory and
 * the given settings, once it says it is ready; its log is kept beside the data (server.log).
 * With `movableClock`, the process's clock can be moved ahead (moved-clock.mjs, loaded only here):
 * time rules that take half an hour are tested without waiting for it.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { movableClock?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-server-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const clockFile = path.join(dataDir, 'clock-offset');
  let offset = 0;
  const server = startProductionServer({
    port,
    dataDir,
    env: { ...(options.movableClock ? { CANDOR_E2E_CLOCK_FILE: clockFile } : {}), ...env },
    nodeArgs: options.movableClock
      ? ['--import', path.join(import.meta.dirname, 'moved-clock.mjs')]
      : [],
  });
  await server.ready;
  return {
    baseUrl,
    dataDir,
    moveClock(byMs: number) {
      if (!options.movableClock) throw new Error('start the server with movableClock');
      offset += byMs;
      fs.writeFileSync(clockFile, String(offset));
    },
    now: () => Date.now() + offset,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
