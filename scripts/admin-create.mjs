// `npm run admin:create -- --email … --password …`: creates or promotes an administrator.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
buildIfNeeded();
const result = spawnSync(process.execPath, ['apps/server/dist/admin-create.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
