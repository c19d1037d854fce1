import { defineConfig } from 'vitest/config';

// Unit, API and database tests of every workspace; the browser specs run separately (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench'],
  },
});
