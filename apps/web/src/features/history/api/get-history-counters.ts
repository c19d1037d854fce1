import type { HistoryResponse } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The two counters, every attempt and the completed ones: the totals of two smallest pages. */
export async function getHistoryCounters(signal?: AbortSignal) {
  const [all, done] = await Promise.all([
    api.get<HistoryResponse>('/interview', { limit: 3, page: 1 }, signal),
    api.get<HistoryResponse>('/interview', { limit: 3, page: 1, status: 'completed' }, signal),
  ]);
  return { total: all.meta.totalCount, completed: done.meta.totalCount };
}

export const historyCountersQueryOptions = queryOptions({
  queryKey: ['history', 'counters'],
  queryFn: ({ signal }) => getHistoryCounters(signal),
});

export function useHistoryCounters() {
  return useQuery(historyCountersQueryOptions);
}
