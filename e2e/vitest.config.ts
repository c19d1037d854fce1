import { defineConfig } from 'vitest/config';

// Browser specs: one Chromium per file, files one after another (the machine has 2 cores), against
// the production build started once by the global setup.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
