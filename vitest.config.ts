import { defineConfig } from 'vitest/config';

// Unit, API and database tests of every workspace; the browser specs run separately (e2e/).
// How the suite is built and kept fast: docs/testing.md.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      'bench',
      // The repository's own rules (lint rules, scripts), tested like code.
      { test: { name: 'repo', include: ['eslint/**/*.test.mjs', 'scripts/**/*.test.mjs'] } },
    ],
    // Vitest's default on 2 cores is one worker (cores - 1); the files mostly wait on databases,
    // child processes and sockets, so two keep both cores busy (docs/testing.md has the figures).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    // Per-file and per-test times for the summary printed at the end of `npm test`.
    reporters: ['default', ['json', { outputFile: 'test-results/unit.json' }]],
  },
});
