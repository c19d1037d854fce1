import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each benchmark with small numbers: it must finish, print its table and report no failure. */
const SMOKE: Record<string, Record<string, string>> = {
  'hot-reads.ts': { BENCH_SECONDS: '1', BENCH_CONNECTIONS: '4' },
  'live-interviews.ts': { BENCH_SMOKE: '1' },
  'two-servers.ts': { BENCH_SMOKE: '1' },
  'people-analytics.ts': { BENCH_CANDIDATES: '300', BENCH_ATTEMPTS: '3000', BENCH_REQUESTS: '5' },
  'engine-latency.ts': { BENCH_TURNS: '10' },
  'speech-latency.ts': { BENCH_SPEECH_TURNS: '5' },
  'tailored-extraction.ts': { BENCH_TAILORED_RUNS: '5' },
  'coding-sandbox.ts': {
    BENCH_SANDBOX_RUNS: '5',
    BENCH_SANDBOX_BURST: '5',
    BENCH_SANDBOX_COLD: '1',
  },
  'coding-under-load.ts': { BENCH_SMOKE: '1' },
  'document-bombs.ts': { BENCH_SMOKE: '1' },
};

describe('benchmark smoke runs', () => {
  for (const [file, env] of Object.entries(SMOKE)) {
    it(file, () => {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, file)],
        { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 240_000 },
      );
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);
      // The figures were printed (a console.table, or the engine's own lines).
      expect(run.stdout).toMatch(file === 'engine-latency.ts' ? /first reply token/ : /┌/);
    });
  }
});
