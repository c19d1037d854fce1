import type { UserStats } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/user/stats for the trend and the suggestion. The key is the dashboard's stats key on
 * purpose: both read one cached answer, so composing the two costs one request.
 */
export const getProgress = (signal?: AbortSignal) =>
  api.get<UserStats>('/user/stats', undefined, signal);

export const progressQueryOptions = queryOptions({
  queryKey: ['user', 'stats'],
  queryFn: ({ signal }) => getProgress(signal),
});

export function useProgress() {
  return useQuery(progressQueryOptions);
}
