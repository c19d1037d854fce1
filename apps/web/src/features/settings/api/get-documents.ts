import type { TailoredDocumentSummary } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/tailored/documents: the candidate's job descriptions and résumés (issue 15). */
export const documentsQueryOptions = getQueryOptions<{ documents: TailoredDocumentSummary[] }>(
  ['user', 'documents'],
  '/tailored/documents',
);

export function useDocuments() {
  return useQuery(documentsQueryOptions);
}
