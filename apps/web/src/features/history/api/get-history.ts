import type { HistoryResponse } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface HistoryParams {
  search: string;
  category: string;
  status: string;
  page: number;
  limit: number;
}

/** GET /api/interview?category&status&search&page&limit: the caller's attempts, one page. */
export const getHistory = (q: HistoryParams, signal?: AbortSignal) =>
  api.get<HistoryResponse>('/interview', { ...q }, signal);

export const historyQueryOptions = (q: HistoryParams) =>
  queryOptions({
    queryKey: ['history', q],
    queryFn: ({ signal }) => getHistory(q, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useHistory(q: HistoryParams) {
  return useQuery(historyQueryOptions(q));
}
