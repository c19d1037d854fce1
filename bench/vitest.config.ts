import { defineProject } from 'vitest/config';

// The benchmarks' smoke runs: each one end to end with tiny numbers, for correctness (no errors,
// nothing lost), never for timings. The real runs are `npm run bench`.
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['smoke.test.ts'],
    testTimeout: 300_000,
  },
});
