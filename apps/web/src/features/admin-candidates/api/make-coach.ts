import type { PersonRef } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PUT /api/admin/coaches/:id: the candidate becomes a coach, who signs in to this portal with the
 * same e-mail and password and sees the cohorts they are given.
 */
export const makeCoach = (id: string) => api.put<PersonRef>(`/admin/coaches/${id}`);

export function useMakeCoach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makeCoach,
    // They leave the candidates list and join the coaches.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
