import type { UserStats } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/stats: the caller's totals and average (the progress feature reads the same key). */
export const getStats = (signal?: AbortSignal) =>
  api.get<UserStats>('/user/stats', undefined, signal);

export const statsQueryOptions = queryOptions({
  queryKey: ['user', 'stats'],
  queryFn: ({ signal }) => getStats(signal),
});

export function useStats() {
  return useQuery(statsQueryOptions);
}
