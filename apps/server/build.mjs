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

// The résumé reader's child process (tailored/reader/index.ts), found beside main.js. Named .mjs
// so Node needs no package.json to know it is a module: the child may read only its own file
// and the parsers' packages (Node's permission model).
await build({
  entryPoints: { 'document-reader': 'src/tailored/reader/child.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@candor/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});

// The Python sandbox's child process is plain JavaScript started by its path under Node's
// permission model (coding/sandbox/python.ts): copied beside main.js, not bundled.
copyFileSync('src/coding/sandbox/python-runner.mjs', 'dist/python-runner.mjs');
