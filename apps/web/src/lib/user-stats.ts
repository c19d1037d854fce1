import type { UserStats } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query';

/**
 * GET /api/user/stats: the candidate's totals and average (the Dashboard), trend and 'practise
 * next' (the progress feature). One query for both, so a dashboard that composes the two costs one
 * request. The progress panel mounts only once the Dashboard's stats have arrived: a few seconds of
 * freshness keeps that later mount from asking again, while a page opened later (after an
 * interview, say) still gets current figures.
 */
export const userStatsQueryOptions = getQueryOptions<UserStats>(['user', 'stats'], '/user/stats', {
  staleTime: 10_000,
});

export function useUserStats() {
  return useQuery(userStatsQueryOptions);
}
