import type { HistoryResponse, UserStats } from '@candor/shared';
import { DASHBOARD_RECENT_COUNT } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const statsQueryOptions = queryOptions({
  queryKey: ['user', 'stats'],
  queryFn: ({ signal }) => api.get<UserStats>('/user/stats', undefined, signal),
});

export function useStats() {
  return useQuery(statsQueryOptions);
}

export function useRecentCompleted() {
  return useQuery({
    queryKey: ['history', 'recent'],
    queryFn: ({ signal }) =>
      api.get<HistoryResponse>(
        '/interview',
        { status: 'completed', page: 1, limit: DASHBOARD_RECENT_COUNT },
        signal,
      ),
  });
}
