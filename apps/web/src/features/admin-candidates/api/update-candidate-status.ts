import { candidateStatusSchema } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type CandidateStatusInput = { id: string } & z.input<typeof candidateStatusSchema>;

/** PUT /api/admin/candidates/:id/status; a deactivated candidate's sessions are refused from then on. */
export const updateCandidateStatus = ({ id, ...body }: CandidateStatusInput) =>
  api.put<{ id: string; status: 'active' | 'inactive' }>(
    `/admin/candidates/${id}/status`,
    candidateStatusSchema.parse(body),
  );

export function useUpdateCandidateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCandidateStatus,
    // The list, its summary and the analytics cards all count active candidates.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
