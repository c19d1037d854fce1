import { defineConfig } from 'vitest/config';

// Browser specs against the production build started once by the global setup. Two files at a
// time, each with its own Chromium: most of a spec's time is the interview's real-time voice
// waiting, so two at a time halve the wall time for a few per cent more per file (docs/testing.md).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 90_000,
    hookTimeout: 120_000,
    retry: 0,
    reporters: ['default', ['json', { outputFile: '../test-results/e2e.json' }]],
  },
});
