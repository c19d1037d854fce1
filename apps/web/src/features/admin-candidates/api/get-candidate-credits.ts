import type { CandidateCredits } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/candidates/:id/credits: used in the period, own limit, the limit in force. */
export const getCandidateCredits = (id: string, signal?: AbortSignal) =>
  api.get<CandidateCredits>(`/admin/candidates/${id}/credits`, undefined, signal);

export const candidateCreditsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'candidate-credits', id],
    queryFn: ({ signal }) => getCandidateCredits(id, signal),
  });

export function useCandidateCredits(id: string) {
  return useQuery(candidateCreditsQueryOptions(id));
}
