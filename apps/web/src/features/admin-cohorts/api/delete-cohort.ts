import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/cohorts/:id: the cohort, its memberships and links; the candidates stay. */
export const deleteCohort = (id: string) => api.delete<void>(`/admin/cohorts/${id}`);

export function useDeleteCohort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCohort,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
