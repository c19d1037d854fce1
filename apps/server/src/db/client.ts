import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Channel } from './channel';
import { PRIVATE_DIR, tightenTree } from '../platform/ops/file-modes';
import { schema } from './schema';

/** The database as services see it: the same Drizzle API on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping(): Promise<void>;
  /** Applies pending drizzle-kit migrations. */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (seeding, the first administrator) in one process at a time: several
   * processes starting together on an empty PostgreSQL would otherwise each create the same rows
   * and all but one exit on the unique violation. PGlite belongs to one process: runs `fn` as is.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` unless another process holds the lock named `key`, and answers null then: background
   * loops (platform/scheduler.ts) sweep in one process at a time. On PostgreSQL a session advisory
   * lock taken without waiting, on one pooled connection held for the run (the server releases
   * it should that connection break). PGlite belongs to one process: runs `fn` as is.
   */
  onlyOne<T>(key: string, fn: () => Promise<T>): Promise<{ value: T } | null>;
  close(): Promise<void>;
  /**
   * Messages between server processes sharing this database (PostgreSQL LISTEN/NOTIFY on one
   * dedicated connection outside the pool; channel.ts). PGlite lives inside one process, so it
   * has none.
   */
  channel?: Pick<Channel, 'listen' | 'notify'>;
  /**
   * PGlite: its data directory as a gzipped tarball, taken at one consistent moment (every other
   * query waits; after a CHECKPOINT): the backup (platform/ops/backup.ts). PostgreSQL has pg_dump.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /** The connection pool's use in this process (PostgreSQL); PGlite has no pool. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; undefined keeps PGlite in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Shown in pg_stat_activity (`candor` by default; the channel's connection adds `:channel`). */
  applicationName?: string;
  /**
   * How long a request waits for a new PostgreSQL connection before failing (a clear 503 rather
   * than hanging while the server is away). 5 s by default; test suites sharing one server on a
   * busy machine wait longer.
   */
  connectTimeoutMs?: number;
  /** Called when the pool reports a connection error, so the process never crashes on it. */
  onError?: (err: Error) => void;
  /**
   * In-memory PGlite only: start from this dump of a data directory (`dumpDataDir`). The tests
   * start from a migrated one: about 0.45 s against 1.05 s for a new cluster (test/templates.ts).
   */
  loadDataDir?: Blob;
}

/** Sessions for the background loops' advisory locks: one per loop that runs at once. */
const LOCK_SESSIONS = 12;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { createPgChannel } = await import('./channel');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'candor',
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    // An idle client losing its server emits 'error' on the pool; unhandled it would end the process.
    pool.on('error', (err) => options.onError?.(err));
    // A client checked out of the pool (a transaction between two queries) has no pool listener:
    // the server going away then would be an uncaught 'error' that ends the process. With this
    // one its next query fails (503) and the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
    // The background loops' advisory locks each hold a session for the whole run, while the run's
    // own queries need the pool: with eight loops starting together, lock sessions taken from the
    // query pool left too few clients for the runs (and the requests) and waited 30 s for one.
    // Their sessions come from a pool of their own.
    const lockPool = new pg.Pool({
      connectionString: options.url,
      max: LOCK_SESSIONS,
      idleTimeoutMillis: 10_000,
      application_name: `${options.applicationName ?? 'candor'}:locks`,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    lockPool.on('error', (err) => options.onError?.(err));
    lockPool.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // drizzle-orm's pool transaction sends BEGIN before its try/finally: when BEGIN fails (a pooled
    // connection the server closed moments ago, as after a PostgreSQL restart) the client is never
    // released, the pool shrinks by one for good, and pool.end() waits for it forever. Here the
    // client is checked out and always released by us; drizzle runs the transaction on it alone.
    const poolTransaction: Db['transaction'] = async (fn, config) => {
      const client = await pool.connect();
      try {
        const single = drizzle(client, { schema }) as unknown as Db;
        return await single.transaction(fn, config);
      } finally {
        // A client whose connection broke is dropped by the pool on release, not reused.
        client.release();
      }
    };
    db.transaction = poolTransaction;
    const channel = createPgChannel({
      url: options.url,
      applicationName: `${options.applicationName ?? 'candor'}:channel`,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      onError: options.onError,
    });
    return {
      db,
      kind: 'postgres',
      channel,
      poolStats: () => ({
        max: options.poolSize ?? 10,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: async () => {
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        // One dedicated connection holds an advisory lock so concurrent starters migrate in turn.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(724001)');
          await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock(724001)').catch(() => undefined);
          client.release();
        }
      },
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(724002)');
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(724002)').catch(() => undefined);
          client.release();
        }
      },
      onlyOne: async (key, fn) => {
        const client = await lockPool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
            [key],
          );
          if (!rows[0]?.locked) return null;
          try {
            return { value: await fn() };
          } finally {
            await client
              .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
              .catch(() => undefined);
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await channel.close();
        await Promise.all([pool.end(), lockPool.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // The folder is made private here; PGlite's own folders follow the process umask (0700, see
  // platform/ops/file-modes.ts), but the cluster it creates sets its files to 0666 itself:
  // tightened at once.
  const fresh =
    options.dataDir !== undefined && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite({ loadDataDir: options.loadDataDir });
  await client.waitReady;
  if (fresh && options.dataDir) await tightenTree(options.dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    exclusive: (fn) => fn(),
    onlyOne: async (_key, fn) => ({ value: await fn() }),
    dumpDataDir: async () => {
      // Holding PGlite's transaction lock keeps every other query and transaction out until the
      // dump is taken; the checkpoint writes everything committed into the data files first.
      const file = await client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      });
      return new Uint8Array(await file.arrayBuffer());
    },
    close: () => client.close(),
  };
}

/** Finds the committed drizzle-kit migrations both from src/ (dev, tests) and from dist/ (built). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}
