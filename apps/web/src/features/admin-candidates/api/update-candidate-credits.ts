import {
  creditsLimitBodySchema,
  type CandidateCredits,
  type CreditsLimitBody,
} from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { candidateCreditsQueryOptions } from './get-candidate-credits';

/** PUT /api/admin/candidates/:id/credits: their own limit (0 unlimited), or null for the platform's. */
export const updateCandidateCredits = (id: string, body: CreditsLimitBody) =>
  api.put<CandidateCredits>(`/admin/candidates/${id}/credits`, creditsLimitBodySchema.parse(body));

export function useSetCandidateCredits(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditsLimitBody) => updateCandidateCredits(id, body),
    onSuccess: (credits) => client.setQueryData(candidateCreditsQueryOptions(id).queryKey, credits),
  });
}
