import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys, invalidateCatalogue } from './keys';

/** The server renumbers the remaining questions 1..n. */
export function deleteQuestion(id: string): Promise<void> {
  return api.delete<void>(`/admin/questions/${id}`);
}

export function useDeleteQuestion(interviewSetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => invalidateCatalogue(client, catalogKeys.questions(interviewSetId)),
  });
}
