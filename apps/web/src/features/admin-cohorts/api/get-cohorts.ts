import type { CohortsResponse } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/cohorts: every cohort for an administrator, a coach's own for a coach. */
export const cohortsQueryOptions = getQueryOptions<CohortsResponse>(
  ['admin', 'cohorts', 'list'],
  '/admin/cohorts',
);

export function useCohorts() {
  return useQuery(cohortsQueryOptions);
}
