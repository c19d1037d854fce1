import { api } from '@/lib/api-client';
import { catalogKeys, useCatalogueMutation } from './keys';

/** The server renumbers the remaining questions 1..n. */
export function deleteQuestion(id: string): Promise<void> {
  return api.delete<void>(`/admin/questions/${id}`);
}

export function useDeleteQuestion(interviewSetId: string) {
  return useCatalogueMutation(deleteQuestion, () => [catalogKeys.questions(interviewSetId)]);
}
