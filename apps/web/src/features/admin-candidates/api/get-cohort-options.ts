import type { CohortsResponse } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/cohorts: the cohorts to filter the list by (a coach's own for a coach). */
export const cohortOptionsQueryOptions = getQueryOptions<CohortsResponse>(
  ['admin', 'cohorts', 'list'],
  '/admin/cohorts',
  { staleTime: 60_000 },
);

export function useCohortOptions() {
  return useQuery(cohortOptionsQueryOptions);
}
