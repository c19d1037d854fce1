import fs from 'node:fs';
import path from 'node:path';
import { makeSnapshot, runnerFile, snapshotName } from '../modules/sandbox/python-snapshot';

// `node dist/python-snapshot.js` (build.mjs runs it): makes the Python sandbox's memory snapshot
// beside the runner, so the first Python run of a fresh server starts a child from it in about
// 0.35 s instead of waiting 1.6 s for Pyodide to load (decision 031). Snapshots of earlier builds
// beside it are removed.
const dir = path.dirname(runnerFile());
const name = snapshotName();
const started = performance.now();
await makeSnapshot(path.join(dir, name));
// Part of the build, read by whichever user runs the server (nothing in it is secret).
fs.chmodSync(path.join(dir, name), 0o644);
for (const stale of fs.readdirSync(dir)) {
  if (/^pyodide-.*\.snapshot$/.test(stale) && stale !== name) fs.rmSync(path.join(dir, stale));
}
console.log(`Python snapshot ${name} made in ${Math.round(performance.now() - started)} ms`);
