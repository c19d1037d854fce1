import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { POSTGRES_TEMPLATE } from '../apps/server/src/test/templates';

/** Each benchmark with small numbers: it must finish, print its table and report no failure. */
const SMOKE: Record<string, Record<string, string>> = {
  'hot-reads.ts': { BENCH_SECONDS: '1', BENCH_CONNECTIONS: '4', BENCH_WARM_UP_SECONDS: '0' },
  'live-interviews.ts': { BENCH_SMOKE: '1' },
  'two-servers.ts': { BENCH_SMOKE: '1' },
  'people-analytics.ts': { BENCH_CANDIDATES: '300', BENCH_ATTEMPTS: '3000', BENCH_REQUESTS: '5' },
  'engine-latency.ts': { BENCH_TURNS: '10' },
  'speech-latency.ts': { BENCH_SPEECH_TURNS: '5', BENCH_WHOLE_TURNS: '1' },
  'tailored-extraction.ts': { BENCH_TAILORED_RUNS: '5' },
  'coding-sandbox.ts': {
    BENCH_SANDBOX_RUNS: '5',
    BENCH_SANDBOX_BURST: '5',
    BENCH_SANDBOX_COLD: '1',
  },
  'coding-under-load.ts': { BENCH_SMOKE: '1' },
  'document-bombs.ts': { BENCH_SMOKE: '1' },
  'end-of-turn.ts': {},
  'scores.ts': { BENCH_SMOKE: '1' },
  'whiteboard.ts': { BENCH_TURNS: '5' },
  'report-pdf.ts': { BENCH_PDF_RUNS: '2' },
  'report-worker.ts': { BENCH_SMOKE: '1' },
  'cohorts.ts': {
    BENCH_CANDIDATES: '400',
    BENCH_ATTEMPTS: '2000',
    BENCH_REQUESTS: '3',
    BENCH_IMPORTS: '1',
  },
  'assignment-grid.ts': {
    BENCH_CANDIDATES: '40',
    BENCH_SETS: '2',
    BENCH_OTHERS: '100',
    BENCH_OTHER_ATTEMPTS: '500',
    BENCH_REQUESTS: '3',
  },
};

/**
 * The test run's migrated databases (apps/server/src/test/global-setup.ts): each bench copies
 * them, and makes its PostgreSQL database on the run's server instead of starting its own.
 */
function databasesOfThisRun(): Record<string, string> {
  const pgUrl = inject('pgUrl');
  return {
    BENCH_PGLITE_TEMPLATE: inject('pgliteTemplate'),
    ...(pgUrl ? { BENCH_POSTGRES_URL: pgUrl, BENCH_POSTGRES_TEMPLATE: POSTGRES_TEMPLATE } : {}),
  };
}

describe('benchmark smoke runs', () => {
  for (const [file, env] of Object.entries(SMOKE)) {
    it(file, () => {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, file)],
        {
          env: { ...process.env, ...databasesOfThisRun(), ...env },
          encoding: 'utf8',
          timeout: 240_000,
        },
      );
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);
      // The figures were printed (a console.table, or the engine's own lines).
      expect(run.stdout).toMatch(file === 'engine-latency.ts' ? /first reply token/ : /┌/);
    });
  }
});
