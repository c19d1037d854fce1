import type { TailoredDocumentSummary } from '@candor/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/tailored/documents: the candidate's job descriptions and résumés (issue 15). */
export const documentsQueryOptions = queryOptions({
  queryKey: ['user', 'documents'],
  queryFn: ({ signal }) =>
    api.get<{ documents: TailoredDocumentSummary[] }>('/tailored/documents', undefined, signal),
});

export function useDocuments() {
  return useQuery(documentsQueryOptions);
}

/** DELETE /api/tailored/documents/:id. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/tailored/documents/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions.queryKey }),
  });
}
