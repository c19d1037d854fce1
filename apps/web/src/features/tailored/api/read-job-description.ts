import type { TailoredJobDescription } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/tailored/job-descriptions: the advert read on the server (issue 15) and kept among the
 * candidate's documents, which Settings lists (['user', 'documents']).
 */
export const readJobDescription = (jobDescription: string) =>
  api.post<TailoredJobDescription>('/tailored/job-descriptions', { jobDescription });

export function useReadJobDescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readJobDescription,
    onSettled: () => client.invalidateQueries({ queryKey: ['user', 'documents'] }),
  });
}
