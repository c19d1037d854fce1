import type { TailoredDocumentSummary } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/tailored/documents: the candidate's job descriptions and résumés (issue 15). */
export const getDocuments = (signal?: AbortSignal) =>
  api.get<{ documents: TailoredDocumentSummary[] }>('/tailored/documents', undefined, signal);

export const documentsQueryOptions = queryOptions({
  queryKey: ['user', 'documents'],
  queryFn: ({ signal }) => getDocuments(signal),
});

export function useDocuments() {
  return useQuery(documentsQueryOptions);
}
