import {
  creditsLimitBodySchema,
  type CandidateCredits,
  type CreditsLimitBody,
} from '@candor/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = (id: string) => ['admin', 'candidate-credits', id] as const;

/** GET /api/admin/candidates/:id/credits: used in the period, own limit, the limit in force. */
export const candidateCreditsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: key(id),
    queryFn: ({ signal }) =>
      api.get<CandidateCredits>(`/admin/candidates/${id}/credits`, undefined, signal),
  });

export function useCandidateCredits(id: string) {
  return useQuery(candidateCreditsQueryOptions(id));
}

/** PUT /api/admin/candidates/:id/credits: their own limit (0 unlimited), or null for the platform's. */
export function useSetCandidateCredits(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditsLimitBody) =>
      api.put<CandidateCredits>(
        `/admin/candidates/${id}/credits`,
        creditsLimitBodySchema.parse(body),
      ),
    onSuccess: (credits) => client.setQueryData(key(id), credits),
  });
}
