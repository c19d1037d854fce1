import path from 'node:path';
import { saidReady, startProcess } from '../../apps/server/src/test/processes';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `node apps/server/dist/main.js` as `npm start` runs it, on `port` with its data under `dataDir`
 * (its log in dataDir/server.log), the embedded database, and `env` over the defaults; ready
 * when it says so. The shared server of the whole run (global-setup.ts) and a spec's own start
 * this way.
 */
export function startProductionServer(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** Node's own arguments before the entry point (a spec's moved clock: server.ts). */
  nodeArgs?: string[];
}) {
  const baseUrl = `http://localhost:${options.port}`;
  return startProcess({
    args: [...(options.nodeArgs ?? []), 'apps/server/dist/main.js'],
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(options.dataDir, 'data'),
      DATABASE_URL: '',
      SIGN_IN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
      // Longer than any spec: a spec that reads over page.request after 72 s of spoken answers
      // reused a connection the server was closing that instant (ECONNRESET), a race of the
      // test's client, which unlike a browser does not retry an idempotent request.
      KEEP_ALIVE_TIMEOUT_MS: '300000',
      ...options.env,
    },
    ready: saidReady,
    logFile: path.join(options.dataDir, 'server.log'),
  });
}
