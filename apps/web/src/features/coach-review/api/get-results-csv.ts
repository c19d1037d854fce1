import type { ResultsExportQuery } from '@candor/shared';

/**
 * GET /api/admin/results.csv: the export's address, not a fetch — a plain download, so the
 * browser streams the file to disk.
 */
export function resultsCsvHref(filters: ResultsExportQuery): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const qs = query.toString();
  return `/api/admin/results.csv${qs ? `?${qs}` : ''}`;
}
