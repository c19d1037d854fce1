import type { CohortsResponse } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/cohorts: the cohorts, for the results export's filter (a coach's own). */
export const exportCohortsQueryOptions = getQueryOptions<CohortsResponse>(
  ['admin', 'cohorts', 'list'],
  '/admin/cohorts',
  { staleTime: 60_000 },
);

export function useExportCohorts() {
  return useQuery(exportCohortsQueryOptions);
}
