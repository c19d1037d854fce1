import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryOptions } from './get-documents';

/** DELETE /api/tailored/documents/:id. */
export const deleteDocument = (id: string) => api.delete<void>(`/tailored/documents/${id}`);

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => client.invalidateQueries({ queryKey: documentsQueryOptions.queryKey }),
  });
}
