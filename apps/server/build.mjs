// Bundles the server (and packages/shared) into dist/ with esbuild; npm packages stay external.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/cli/admin-create.ts',
    backup: 'src/cli/backup.ts',
    // The code sandbox's worker thread, found beside main.js (coding/sandbox/index.ts).
    'sandbox-worker': 'src/coding/sandbox/worker.ts',
  },
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
});

// The Python sandbox's child process is plain JavaScript started by its path under Node's
// permission model (coding/sandbox/python.ts): copied beside main.js, not bundled.
copyFileSync('src/coding/sandbox/python-runner.mjs', 'dist/python-runner.mjs');
