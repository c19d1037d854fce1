import type { Rubric, RubricInput, RubricList } from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/** The rubric library (issue 31): coaches and administrators read and edit it. */

export const rubricsQueryOptions = () =>
  getQueryOptions<RubricList>(['admin', 'rubrics'], '/admin/rubrics');

export function useRubrics() {
  return useQuery(rubricsQueryOptions());
}

export function useSaveRubric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RubricInput }) =>
      id
        ? api.put<Rubric>(`/admin/rubrics/${encodeURIComponent(id)}`, body)
        : api.post<Rubric>('/admin/rubrics', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'rubrics'] }),
  });
}

export function useDeleteRubric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/rubrics/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'rubrics'] }),
  });
}
