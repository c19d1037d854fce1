import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { interviews, reports } from '../../db/schema';
import type { MetricSources } from './metrics';

/**
 * The figures /metrics reads at scrape time: open attempts and reports from the database, the
 * connection pool, the report workers.
 */
export function metricSources(
  database: Database,
  reportWorkers?: MetricSources['reportWorkers'],
): MetricSources {
  const rows = (result: unknown) =>
    ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
  return {
    attemptsInProgress: async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from ${interviews} where ${interviews.status} = 'in_progress'`,
      );
      return Number(rows(result)[0]?.n ?? 0);
    },
    reportsByStatus: async () => {
      const result = await database.db.execute(
        sql`select ${reports.status} as status, count(*)::int as n from ${reports} group by 1`,
      );
      return Object.fromEntries(rows(result).map((r) => [String(r.status), Number(r.n)]));
    },
    pool: () => database.poolStats?.() ?? null,
    reportWorkers,
  };
}
