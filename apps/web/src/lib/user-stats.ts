import type { UserStats } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/user/stats: the candidate's totals and average (the Dashboard), trend and 'practise
 * next' (the progress feature). One query for both, so a dashboard that composes the two costs one
 * request. The progress panel mounts only once the Dashboard's stats have arrived: a few seconds of
 * freshness keeps that later mount from asking again, while a page opened later (after an
 * interview, say) still gets current figures.
 */
export const userStatsQueryOptions = queryOptions({
  queryKey: ['user', 'stats'],
  queryFn: ({ signal }) => api.get<UserStats>('/user/stats', undefined, signal),
  staleTime: 10_000,
});

export function useUserStats() {
  return useQuery(userStatsQueryOptions);
}
