import type { AvailableCategory, HistoryResponse } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface HistoryParams {
  search: string;
  category: string;
  status: string;
  page: number;
  limit: number;
}

export const historyQueryOptions = (q: HistoryParams) =>
  queryOptions({
    queryKey: ['history', q],
    queryFn: ({ signal }) => api.get<HistoryResponse>('/interview', { ...q }, signal),
    placeholderData: keepPreviousData,
  });

export function useHistory(q: HistoryParams) {
  return useQuery(historyQueryOptions(q));
}

export function useHistoryCategories() {
  return useQuery({
    queryKey: ['catalogue', 'categories', 'available'],
    queryFn: ({ signal }) =>
      api.get<AvailableCategory[]>('/interview/categories/available', undefined, signal),
  });
}

/** The two counters: every attempt and the completed ones (cheap: one row each). */
export function useHistoryCounters() {
  return useQuery({
    queryKey: ['history', 'counters'],
    queryFn: async ({ signal }) => {
      const [all, done] = await Promise.all([
        api.get<HistoryResponse>('/interview', { limit: 3, page: 1 }, signal),
        api.get<HistoryResponse>('/interview', { limit: 3, page: 1, status: 'completed' }, signal),
      ]);
      return { total: all.meta.totalCount, completed: done.meta.totalCount };
    },
  });
}
