import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // One process per worker for every file, not one per file: module imports were 134 s of CPU
    // a run. Each file closes what it opens (docs/testing.md: keeping a test cheap).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
