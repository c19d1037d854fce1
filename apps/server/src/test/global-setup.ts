import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresServer, type PostgresServer } from './postgres-server';
import { makePgliteTemplate, makePostgresTemplate } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throw-away PostgreSQL server, or '' when it is not available. */
    pgUrl: string;
    /** A gzipped dump of a migrated PGlite, copied for every PGlite test database. */
    pgliteTemplate: string;
  }
}

interface RunDatabases {
  pgUrl: string;
  pgliteTemplate: string;
  server?: PostgresServer;
  /** Projects using them (the server tests and the bench smoke runs); the last one stops them. */
  users: number;
}

/**
 * Kept on the process, not the module: each project loads this file apart, and both share one
 * PostgreSQL server and one template (docs/testing.md).
 */
const shared = globalThis as { candorRunDatabases?: Promise<RunDatabases> };

async function start(): Promise<RunDatabases> {
  const pgliteTemplate = await makePgliteTemplate();
  const required = process.env.REQUIRE_POSTGRES === '1';
  if (process.env.TEST_DATABASE_URL) {
    await makePostgresTemplate(process.env.TEST_DATABASE_URL);
    return { pgUrl: process.env.TEST_DATABASE_URL, pgliteTemplate, users: 0 };
  }
  if (!findPostgresBin()) {
    if (required) throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries were found');
    console.warn('PostgreSQL binaries not found: PostgreSQL tests are skipped');
    return { pgUrl: '', pgliteTemplate, users: 0 };
  }
  const server = await startPostgresServer();
  await makePostgresTemplate(server.url);
  return { pgUrl: server.url, pgliteTemplate, server, users: 0 };
}

/**
 * One PostgreSQL server for the whole run, and the migrated templates every test database is
 * copied from. Without binaries the PostgreSQL half of the suite is skipped, unless
 * REQUIRE_POSTGRES=1 (CI), where a missing server is a failure.
 */
export async function setup(project: TestProject) {
  shared.candorRunDatabases ??= start();
  const run = await shared.candorRunDatabases;
  run.users += 1;
  project.provide('pgliteTemplate', run.pgliteTemplate);
  project.provide('pgUrl', run.pgUrl);
}

export async function teardown() {
  const run = await shared.candorRunDatabases;
  if (!run || --run.users > 0) return;
  shared.candorRunDatabases = undefined;
  await run.server?.stop();
  fs.rmSync(path.dirname(run.pgliteTemplate), { recursive: true, force: true });
}
