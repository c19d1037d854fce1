import { defineProject } from 'vitest/config';

// The benchmarks' smoke runs: each one end to end with tiny numbers, for correctness (no errors,
// nothing lost), never for timings. The real runs are `npm run bench`.
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['smoke.test.ts'],
    // The server tests' migrated templates and PostgreSQL server, which the benches copy.
    globalSetup: ['../apps/server/src/test/global-setup.ts'],
    testTimeout: 300_000,
  },
});
