// Bundles the server (and packages/shared) into dist/ with esbuild; npm packages stay external.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

/** What every bundle here shares. */
const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // @candor/shared is TypeScript source: bundle it rather than import it at run time.
  alias: { '@candor/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/cli/admin-create.ts',
    backup: 'src/cli/backup.ts',
    // The code sandbox's worker thread, found beside main.js (modules/sandbox/javascript.ts).
    'sandbox-worker': 'src/modules/sandbox/worker.ts',
    // The builtin report's worker thread, found beside main.js (ai/builtin/report-pool.ts).
    'report-worker': 'src/ai/builtin/report-worker.ts',
    // Makes the Python sandbox's snapshot beside the runner (run below).
    'python-snapshot': 'src/cli/python-snapshot.ts',
  },
});

// The résumé reader's child process (modules/documents/reader/index.ts), found beside main.js.
// Named .mjs so Node needs no package.json to know it is a module: the child may read only its
// own file and the parsers' packages (Node's permission model).
await build({
  ...common,
  entryPoints: { 'document-reader': 'src/modules/documents/reader/child.ts' },
  outExtension: { '.js': '.mjs' },
});

// The Python sandbox's child process is plain JavaScript started by its path under Node's
// permission model (modules/sandbox/python-child.ts): copied beside main.js, not bundled.
copyFileSync('src/modules/sandbox/python-runner.mjs', 'dist/python-runner.mjs');
// Its memory snapshot, so a fresh server's first Python run starts in a fraction of a second
// (decision 031). Without it the server makes one at first need, in a cache folder.
const snapshot = spawnSync(process.execPath, ['dist/python-snapshot.js'], { stdio: 'inherit' });
if (snapshot.status !== 0) {
  console.warn('The Python snapshot was not made: the server will make it at its first Python run');
}
