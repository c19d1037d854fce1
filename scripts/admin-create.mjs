// `npm run admin:create -- --email … --password …`: creates or promotes an administrator.
// Runs the built CLI (apps/server/dist/admin-create.js), building the server first when that file
// is missing or older than the server's or the shared package's sources. The web app is not needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/server/dist/admin-create.js');
const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src')];

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const stale =
  !fs.existsSync(cli) || sources.some((dir) => newestMtime(dir) > fs.statSync(cli).mtimeMs);
if (stale) {
  console.log('> building the server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@candor/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
