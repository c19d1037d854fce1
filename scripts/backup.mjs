// `npm run backup` / `npm run restore`: runs the built CLI (apps/server/dist/backup.js) with the
// command as its first argument, building the server first when it is missing or stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './build-server-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildServerIfStale(root, 'backup.js');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/backup.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
