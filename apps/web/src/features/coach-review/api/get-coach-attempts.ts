import { HISTORY_PAGE_SIZE, type HistoryResponse } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/candidates/:id/attempts: the candidate's History, a page at a time. */
export const getCoachAttempts = (candidateId: string, page: number, signal?: AbortSignal) =>
  api.get<HistoryResponse>(
    `/admin/candidates/${candidateId}/attempts`,
    { page, limit: HISTORY_PAGE_SIZE },
    signal,
  );

export const coachAttemptsQueryOptions = (candidateId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'coach', candidateId, 'attempts', page],
    queryFn: ({ signal }) => getCoachAttempts(candidateId, page, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCoachAttempts(candidateId: string, page: number) {
  return useQuery(coachAttemptsQueryOptions(candidateId, page));
}
