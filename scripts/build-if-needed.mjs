// Builds the web app and the server when their dist/ is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

function stale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return inputs.some((dir) => newestMtime(dir) > built);
}

function run(label, args) {
  console.log(`> building ${label}…`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = path.join(root, 'packages/shared/src');
export function buildIfNeeded() {
  const web = path.join(root, 'apps/web');
  if (
    stale(path.join(web, 'dist/index.html'), [
      path.join(web, 'src'),
      path.join(web, 'public'),
      shared,
    ])
  ) {
    run('the web app', ['run', 'build', '-w', '@candor/web']);
  }
  const server = path.join(root, 'apps/server');
  if (stale(path.join(server, 'dist/main.js'), [path.join(server, 'src'), shared])) {
    run('the server', ['run', 'build', '-w', '@candor/server']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
