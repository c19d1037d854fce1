import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { startPostgresServer, findPostgresBin } from '../apps/server/src/test/postgres-server';
import { startProcess } from '../apps/server/src/test/processes';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Target {
  kind: 'pglite' | 'postgres';
  database: Database;
  stop(): Promise<void>;
}

/**
 * A migrated in-memory PGlite. The smoke runs (smoke.test.ts) pass BENCH_PGLITE_TEMPLATE, the test
 * run's dump of a migrated one, which starts in half the time of a new cluster.
 */
export async function openPglite(): Promise<Database> {
  const template = process.env.BENCH_PGLITE_TEMPLATE;
  const database = await openDatabase(
    template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {},
  );
  await database.migrate();
  return database;
}

/** PGlite always; a throw-away PostgreSQL database when PostgreSQL is installed. */
export async function databases(): Promise<Target[]> {
  const out: Target[] = [];
  const lite = await openPglite();
  out.push({ kind: 'pglite', database: lite, stop: () => lite.close() });
  const server = await postgresIfInstalled();
  if (server) {
    const pg = await openDatabase({ url: server.url, poolSize: 20 });
    await pg.migrate();
    out.push({
      kind: 'postgres',
      database: pg,
      stop: async () => {
        await pg.close();
        await server.stop();
      },
    });
  }
  return out;
}

/**
 * The configuration every benchmark's app runs with: production mode, no web app or demo data,
 * silent logs, sign-in limits out of the way; `env` adds or overrides settings.
 */
export function benchConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/candor-bench',
    LOG_LEVEL: 'silent',
    SIGN_IN_RATE_LIMIT: '100000',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
}

export async function startApp(database: Database, port = 0) {
  const config = benchConfig({
    // live-interviews.ts with BENCH_COMPARE: credits off (0) or on (a limit never reached), and
    // /metrics on (a token) or off.
    ...(process.env.BENCH_CREDITS_LIMIT
      ? { CREDITS_DEFAULT_LIMIT: process.env.BENCH_CREDITS_LIMIT }
      : {}),
    ...(process.env.BENCH_METRICS_TOKEN ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN } : {}),
  });
  // Processes meant to serve the same users share BENCH_SECRET (sessions are signed with it).
  const secret = process.env.BENCH_SECRET ?? crypto.randomBytes(32).toString('hex');
  const app = await buildApp({ config, database, secret });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url };
}

/** A plain node:http server answering every request with the same bytes: the ceiling to compare with. */
export async function bareServer(body: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function table(rows: Record<string, string | number>[]) {
  console.table(rows);
}

export interface BenchPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL database of the bench's own (else null: PGlite only): on the server at
 * BENCH_POSTGRES_URL when given (the smoke runs pass the test run's server, whose migrated
 * template the database is copied from), otherwise on a throw-away server started here.
 */
export async function postgresIfInstalled(): Promise<BenchPostgres | null> {
  const adminUrl = process.env.BENCH_POSTGRES_URL;
  if (adminUrl) {
    const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const template = process.env.BENCH_POSTGRES_TEMPLATE;
    await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  return findPostgresBin() ? startPostgresServer() : null;
}

/**
 * The databases a multi-process benchmark runs its app processes on: PGlite always, PostgreSQL
 * when installed (its environment for spawnBenchProcess). `stop` ends the PostgreSQL server.
 */
export async function appDatabases() {
  const pg = await postgresIfInstalled();
  return {
    kinds: [
      { kind: 'pglite', env: {} as Record<string, string> },
      ...(pg ? [{ kind: 'postgres', env: { BENCH_DATABASE_URL: pg.url } }] : []),
    ],
    stop: async () => {
      await pg?.stop();
    },
  };
}

export interface BenchProcess<T> {
  info: T;
  pid: number;
  /** SIGTERM, or SIGKILL for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Runs a script of bench/servers in its own Node process (tsx) and waits for the JSON line it
 * prints when ready. Its stderr passes through, so a failure is visible.
 */
export async function spawnBenchProcess<T>(
  script: string,
  env: Record<string, string>,
): Promise<BenchProcess<T>> {
  const started = startProcess<T>({
    args: [
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server side.
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      new URL(`./servers/${script}`, import.meta.url).pathname,
    ],
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    // The last thing a bench server prints is one line of JSON: what the bench needs of it.
    ready: (output) => {
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          return JSON.parse(line) as T;
        } catch {
          // a partial line: wait for the rest
        }
      }
      return undefined;
    },
    timeoutMs: 300_000,
  });
  // What it writes to stderr passes through, so a failure is visible.
  started.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    info: await started.ready,
    pid: started.child.pid!,
    stop: (signal = 'SIGTERM') => started.stop(signal),
  };
}
