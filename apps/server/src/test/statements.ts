import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../db/client';

/**
 * Counts the SQL statements the app sends to its database, at the driver (BEGIN and COMMIT
 * included): a round trip to PostgreSQL, a parse and execute in PGlite's WebAssembly. A count is
 * deterministic where a timing is not, so tests can hold a code path to a number of round trips.
 * PGlite: every statement reaches `execProtocolStream` first as a Parse ('P', extended protocol,
 * `query`) or a Query ('Q', simple protocol, `exec`: BEGIN, COMMIT). PostgreSQL: every client the
 * pool hands out (the app's own pool only: the LISTEN/NOTIFY connection is not counted).
 */
export interface StatementCounter {
  /** The statements since the counter started (or was last reset), oldest first. */
  readonly statements: string[];
  reset(): void;
}

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'

/** The SQL text a Parse or Query message carries (for messages that explain a failed count). */
function sqlOf(message: Uint8Array): string {
  const body = Buffer.from(message.buffer, message.byteOffset, message.byteLength).subarray(5);
  if (message[0] === QUERY) return body.toString('utf8').replace(/\0$/, '');
  // Parse: statement name \0, query text \0, parameter types.
  const nameEnd = body.indexOf(0);
  const textEnd = body.indexOf(0, nameEnd + 1);
  return body.subarray(nameEnd + 1, textEnd).toString('utf8');
}

export function countStatements(database: Database): StatementCounter {
  const statements: string[] = [];
  const counter = {
    statements,
    reset() {
      statements.length = 0;
    },
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    const original = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = ((message: Uint8Array, options?: object) => {
      if (message[0] === PARSE || message[0] === QUERY) statements.push(sqlOf(message));
      return original(message, options);
    }) as PGlite['execProtocolStream'];
    return counter;
  }
  const pool = client as Pool;
  const counted = new WeakSet<PoolClient>();
  pool.on('acquire', (pooled: PoolClient) => {
    if (counted.has(pooled)) return;
    counted.add(pooled);
    const original = pooled.query.bind(pooled) as (...args: unknown[]) => unknown;
    (pooled as unknown as { query: (...args: unknown[]) => unknown }).query = (
      ...args: unknown[]
    ) => {
      const first = args[0];
      statements.push(
        typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first),
      );
      return original(...args);
    };
  });
  return counter;
}
