import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../apps/server/src/test/processes';
import { startProductionServer } from './production-server';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
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
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-server-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = startProductionServer({ port, dataDir, env });
  await server.ready;
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
