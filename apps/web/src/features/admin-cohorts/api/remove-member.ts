import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/cohorts/:id/members/:userId: out of the cohort (the account stays). */
export const removeMember = ({ id, userId }: { id: string; userId: string }) =>
  api.delete<void>(`/admin/cohorts/${id}/members/${userId}`);

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
