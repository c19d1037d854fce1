// `npm run admin:create -- --email … --password …`: creates or promotes an administrator.
// Runs the built CLI (apps/server/dist/admin-create.js), building the server first when that file
// is missing or older than the server's or the shared package's sources. The web app is not needed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './build-server-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildServerIfStale(root, 'admin-create.js');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/admin-create.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
