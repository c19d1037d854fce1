import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, saidReady, startProcess } from '../../apps/server/src/test/processes';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The production build (`npm run build` ran before) on a free port, a fresh data directory and
 * the given settings, once it says it is ready; its log is kept beside the data (server.log).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-server-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = startProcess({
    args: ['apps/server/dist/main.js'],
    cwd: root,
    env: {
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
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
