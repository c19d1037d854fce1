import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/candidates/:id: the candidate's account and everything of theirs. */
export const deleteCandidate = (id: string) =>
  api.delete<{ success: true; message: string }>(`/admin/candidates/${id}`);

export function useDeleteCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCandidate,
    // The list, its summary and the analytics cards all count this candidate.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
