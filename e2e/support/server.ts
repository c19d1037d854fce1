import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, saidReady, startProcess } from '../../apps/server/src/test/processes';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** With `movableClock`: moves the server's clock this far ahead of real time, from now on. */
  moveClock(byMs: number): void;
  stop(): Promise<void>;
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
  const server = startProcess({
    args: [
      ...(options.movableClock
        ? ['--import', path.join(import.meta.dirname, 'moved-clock.mjs')]
        : []),
      'apps/server/dist/main.js',
    ],
    cwd: root,
    env: {
      ...(options.movableClock ? { CANDOR_E2E_CLOCK_FILE: clockFile } : {}),
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: '',
      SIGN_IN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
      ...env,
    },
    ready: saidReady,
    logFile: path.join(dataDir, 'server.log'),
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
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
