import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import path from 'node:path';
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

let server: PostgresServer | undefined;
let pgliteTemplate = '';

/**
 * Starts one PostgreSQL server for the whole run. Without binaries the PostgreSQL half of the suite
 * is skipped, unless REQUIRE_POSTGRES=1 (CI), where a missing server is a failure.
 */
export async function setup(project: TestProject) {
  pgliteTemplate = await makePgliteTemplate();
  project.provide('pgliteTemplate', pgliteTemplate);
  const required = process.env.REQUIRE_POSTGRES === '1';
  if (process.env.TEST_DATABASE_URL) {
    await makePostgresTemplate(process.env.TEST_DATABASE_URL);
    project.provide('pgUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  if (!findPostgresBin()) {
    if (required) throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries were found');
    console.warn('PostgreSQL binaries not found: PostgreSQL tests are skipped');
    project.provide('pgUrl', '');
    return;
  }
  server = await startPostgresServer();
  await makePostgresTemplate(server.url);
  project.provide('pgUrl', server.url);
}

export async function teardown() {
  await server?.stop();
  if (pgliteTemplate) fs.rmSync(path.dirname(pgliteTemplate), { recursive: true, force: true });
}
