import type { HistoryResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

export interface HistoryParams {
  search: string;
  category: string;
  status: string;
  page: number;
  limit: number;
}

/** GET /api/interview?category&status&search&page&limit: the caller's attempts, one page. */
export const historyQueryOptions = (q: HistoryParams) =>
  getQueryOptions<HistoryResponse>(['history', q], '/interview', {
    query: { ...q },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useHistory(q: HistoryParams) {
  return useQuery(historyQueryOptions(q));
}
