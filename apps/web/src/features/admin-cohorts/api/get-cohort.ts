import type { Cohort } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/cohorts/:id (a coach's own only: another cohort is not found). */
export const cohortQueryOptions = (id: string) =>
  getQueryOptions<Cohort>(['admin', 'cohorts', 'one', id], `/admin/cohorts/${id}`);

export function useCohort(id: string) {
  return useQuery(cohortQueryOptions(id));
}
