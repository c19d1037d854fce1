/**
 * What each test fixture costs (docs/testing.md): a database made from nothing against a copy of
 * the run's migrated template, on PGlite and PostgreSQL; a password hash at production cost
 * against the tests' cheap one; a server process on a fresh data directory against a seeded one.
 * Run: npx tsx bench/test-fixtures.ts   (BENCH_FIXTURE_RUNS to change how many of each)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { startPostgresServer } from '../apps/server/src/test/postgres-server';
import { saidReady, startProcess } from '../apps/server/src/test/processes';
import {
  POSTGRES_TEMPLATE,
  cheapPasswordHashing,
  databaseUrl,
  makePgliteTemplate,
  makePostgresTemplate,
  productionPasswordHashing,
  seedPgliteDir,
} from '../apps/server/src/test/templates';
import { table } from './support';

const RUNS = Number(process.env.BENCH_FIXTURE_RUNS ?? 5);
const serverDir = path.resolve(import.meta.dirname, '..', 'apps', 'server');

async function timed(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
const rows: Record<string, string | number>[] = [];
const row = (fixture: string, how: string, ms: number[]) =>
  rows.push({ fixture, how, runs: ms.length, 'median ms': Math.round(median(ms)) });

/** The server's entry point on a data directory, until it says it is ready. */
async function serverReady(dataDir: string): Promise<void> {
  const server = startProcess({
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'fixture-bench-secret-fixture-bench-secret',
    },
    ready: saidReady,
  });
  await server.ready;
  await server.stop();
}

const template = await makePgliteTemplate();
const dump = new Blob([fs.readFileSync(template)]);
row(
  'PGlite database',
  'initdb and every migration',
  await timed(RUNS, async () => {
    const database = await openDatabase({});
    await database.migrate();
    await database.close();
  }),
);
row(
  'PGlite database',
  'copy of the migrated template',
  await timed(RUNS, async () => {
    const database = await openDatabase({ loadDataDir: dump });
    await database.migrate();
    await database.close();
  }),
);

const server = await startPostgresServer();
try {
  await makePostgresTemplate(server.url);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  let n = 0;
  for (const [how, copy] of [
    ['create database and every migration', false],
    ['create database … template', true],
  ] as const) {
    row(
      'PostgreSQL database',
      how,
      await timed(RUNS, async () => {
        const name = `fixture_${n++}`;
        await admin.query(`create database ${name}${copy ? ` template ${POSTGRES_TEMPLATE}` : ''}`);
        const database = await openDatabase({ url: databaseUrl(server.url, name), poolSize: 1 });
        await database.migrate();
        await database.close();
      }),
    );
  }
  await admin.end();
} finally {
  await server.stop();
}

row(
  'password hash',
  'scrypt (production)',
  await timed(RUNS * 4, () => productionPasswordHashing.hash('Secret1!x')),
);
row(
  'password hash',
  'salted SHA-256 (tests)',
  await timed(RUNS * 4, () => cheapPasswordHashing.hash('Secret1!x')),
);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-fixtures-'));
try {
  let n = 0;
  for (const [how, seeded] of [
    ['fresh DATA_DIR (initdb)', false],
    ['DATA_DIR seeded from the template', true],
  ] as const) {
    row(
      'server process until ready',
      how,
      await timed(Math.min(RUNS, 3), async () => {
        const dir = path.join(tmp, String(n++));
        if (seeded) seedPgliteDir(path.join(dir, 'pglite'), template);
        await serverReady(dir);
      }),
    );
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(path.dirname(template), { recursive: true, force: true });
}

console.log(
  `Test fixtures; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
