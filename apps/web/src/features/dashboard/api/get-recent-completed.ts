import { DASHBOARD_RECENT_COUNT, type HistoryResponse } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview?status=completed&page=1&limit=3: the Dashboard's recent completed list. */
export const getRecentCompleted = (signal?: AbortSignal) =>
  api.get<HistoryResponse>(
    '/interview',
    { status: 'completed', page: 1, limit: DASHBOARD_RECENT_COUNT },
    signal,
  );

export const recentCompletedQueryOptions = queryOptions({
  queryKey: ['history', 'recent'],
  queryFn: ({ signal }) => getRecentCompleted(signal),
});

export function useRecentCompleted() {
  return useQuery(recentCompletedQueryOptions);
}
