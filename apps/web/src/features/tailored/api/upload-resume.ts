import type { TailoredResume } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/tailored/resumes?name=…, the file's own bytes as the body: the résumé read on the
 * server and kept among the candidate's documents, which Settings lists (['user', 'documents']).
 */
export const uploadResume = (file: File) =>
  api.upload<TailoredResume>('/tailored/resumes', file, { name: file.name });

export function useUploadResume() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadResume,
    onSettled: () => client.invalidateQueries({ queryKey: ['user', 'documents'] }),
  });
}
