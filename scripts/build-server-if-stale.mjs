// Builds the server (apps/server/dist) when `entry` is missing or older than the server's or the
// shared package's sources. The web app is not needed for the command-line tools.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

export function buildServerIfStale(root, entry) {
  const cli = path.join(root, 'apps/server/dist', entry);
  const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src')];
  const stale =
    !fs.existsSync(cli) || sources.some((dir) => newestMtime(dir) > fs.statSync(cli).mtimeMs);
  if (!stale) return;
  console.log('> building the server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@candor/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
