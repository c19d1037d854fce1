import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/coaches/:id: the coach is a candidate again, their portal sessions end. */
export const removeCoach = (id: string) => api.delete<void>(`/admin/coaches/${id}`);

export function useRemoveCoach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCoach,
    // Their cohorts lose a coach, and the candidates list gains a candidate.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
