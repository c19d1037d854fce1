import type { UserStats } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/user/stats for the trend and the suggestion. The key is the dashboard's stats key on
 * purpose: both read one cached answer, so composing the two costs one request. The Dashboard
 * mounts this panel only once its own stats have arrived; a few seconds of freshness keeps that
 * later mount from asking again (a second, identical request on every dashboard load), while the
 * Progress page opened later still gets current figures.
 */
export const getProgress = (signal?: AbortSignal) =>
  api.get<UserStats>('/user/stats', undefined, signal);

export const progressQueryOptions = queryOptions({
  queryKey: ['user', 'stats'],
  queryFn: ({ signal }) => getProgress(signal),
  staleTime: 10_000,
});

export function useProgress() {
  return useQuery(progressQueryOptions);
}
