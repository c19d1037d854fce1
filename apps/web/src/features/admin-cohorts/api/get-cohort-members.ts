import { type CandidatesResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/candidates?cohortId: one cohort's candidates, a page at a time. */
export const cohortMembersQueryOptions = (cohortId: string, page: number, search: string) =>
  getQueryOptions<CandidatesResponse>(
    ['admin', 'candidates', 'cohort', cohortId, page, search],
    '/admin/candidates',
    { query: { cohortId, page, search, limit: 50 }, placeholderData: keepPreviousData },
  );

export function useCohortMembers(cohortId: string, page: number, search: string) {
  return useQuery(cohortMembersQueryOptions(cohortId, page, search));
}
