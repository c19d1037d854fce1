import { DASHBOARD_RECENT_COUNT, type HistoryResponse } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview?status=completed&page=1&limit=3: the Dashboard's recent completed list. */
export const recentCompletedQueryOptions = getQueryOptions<HistoryResponse>(
  ['history', 'recent'],
  '/interview',
  {
    query: { status: 'completed', page: 1, limit: DASHBOARD_RECENT_COUNT },
  },
);

export function useRecentCompleted() {
  return useQuery(recentCompletedQueryOptions);
}
