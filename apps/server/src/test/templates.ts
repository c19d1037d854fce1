import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import type { PasswordHashing } from '../platform/auth/auth';

/**
 * Migrated databases made once per test run and copied for each test (docs/testing.md, figures
 * from bench/test-fixtures.ts): an in-memory PGlite loaded from a dump of a migrated one starts in
 * ~0.45 s against ~1.1 s for a new cluster and its migrations; a server process on a data
 * directory seeded from the dump is ready in ~3.0 s against ~4.8 s; PostgreSQL copies a template
 * database instead of running every migration again.
 */

/** The PostgreSQL database every test database is copied from (CREATE DATABASE … TEMPLATE). */
export const POSTGRES_TEMPLATE = 'candor_template';

/** Writes a gzipped dump of a freshly migrated PGlite to a file; its path is the template. */
export async function makePgliteTemplate(): Promise<string> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-pglite-template-'));
    const file = path.join(dir, 'migrated.tar.gz');
    fs.writeFileSync(file, dump);
    return file;
  } finally {
    await database.close();
  }
}

/** Creates (again) the migrated template database on a PostgreSQL server reached at adminUrl. */
export async function makePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE}`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    url: databaseUrl(adminUrl, POSTGRES_TEMPLATE),
    poolSize: 1,
  });
  try {
    await database.migrate();
  } finally {
    // A template with a session open cannot be copied: the pool is ended before any test starts.
    await database.close();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let dump: { file: string; blob: Blob } | undefined;

/** The template's dump, read once per test process. */
export function pgliteTemplate(file: string): Blob {
  if (dump?.file !== file) dump = { file, blob: new Blob([fs.readFileSync(file)]) };
  return dump.blob;
}

/**
 * Puts the run's migrated PGlite in `dir` (a PGlite data directory on disk, `$DATA_DIR/pglite`)
 * unless something is there already: a server process or a CLI started on it skips initdb and the
 * migrations (about 2 s each). The dump is a tar of the data directory.
 */
export function seedPgliteDir(dir: string, templateFile: string): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', templateFile, '-C', dir], { stdio: 'pipe' });
}

/** What production hashes with (better-auth's scrypt), for the bench that compares the two. */
export const productionPasswordHashing: PasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
};

/**
 * A cheap password hash for tests only: scrypt at production cost took minutes of every run (one
 * per sign-up and sign-in). A salted SHA-256, so a wrong password still fails; `auth/passwords.test.ts`
 * proves the production app keeps scrypt.
 */
export const cheapPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = crypto.randomBytes(8).toString('hex');
    return `test:${salt}:${crypto.createHash('sha256').update(`${salt}:${password}`).digest('hex')}`;
  },
  async verify({ hash, password }) {
    // A hash made by a real server process of the test (the CLI, a spawned server) is scrypt.
    if (!hash.startsWith('test:')) return verifyPassword({ hash, password });
    const [, salt, digest] = hash.split(':');
    if (!salt || !digest) return false;
    const expected = crypto.createHash('sha256').update(`${salt}:${password}`).digest('hex');
    return (
      digest.length === expected.length &&
      crypto.timingSafeEqual(Buffer.from(digest), Buffer.from(expected))
    );
  },
};
