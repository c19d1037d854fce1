import type { HistoryItem, HistoryResponse } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview?status=not_completed&setId=…: the candidate's latest unfinished attempt of
 * this set, so the pre-start screen can offer to resume it instead of starting another. Under the
 * 'history' key, so a discard in History refreshes it.
 */
export const unfinishedAttemptQueryOptions = (setId: string) =>
  queryOptions({
    queryKey: ['history', 'unfinished', setId],
    queryFn: async ({ signal }): Promise<HistoryItem | null> => {
      const page = await api.get<HistoryResponse>(
        '/interview',
        { status: 'not_completed', setId, page: 1, limit: 3 },
        signal,
      );
      return page.interviews[0] ?? null;
    },
    enabled: Boolean(setId),
  });

export function useUnfinishedAttempt(setId: string) {
  return useQuery(unfinishedAttemptQueryOptions(setId));
}
