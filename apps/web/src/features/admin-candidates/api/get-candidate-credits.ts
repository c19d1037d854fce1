import type { CandidateCredits } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/candidates/:id/credits: used in the period, own limit, the limit in force. */
export const candidateCreditsQueryOptions = (id: string) =>
  getQueryOptions<CandidateCredits>(
    ['admin', 'candidate-credits', id],
    `/admin/candidates/${id}/credits`,
  );

export function useCandidateCredits(id: string) {
  return useQuery(candidateCreditsQueryOptions(id));
}
