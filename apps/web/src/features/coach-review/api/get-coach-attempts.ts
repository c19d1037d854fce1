import { HISTORY_PAGE_SIZE, type HistoryResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/candidates/:id/attempts: the candidate's History, a page at a time. */
export const coachAttemptsQueryOptions = (candidateId: string, page: number) =>
  getQueryOptions<HistoryResponse>(
    ['admin', 'coach', candidateId, 'attempts', page],
    `/admin/candidates/${candidateId}/attempts`,
    {
      query: { page, limit: HISTORY_PAGE_SIZE },
      // The current page stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    },
  );

export function useCoachAttempts(candidateId: string, page: number) {
  return useQuery(coachAttemptsQueryOptions(candidateId, page));
}
