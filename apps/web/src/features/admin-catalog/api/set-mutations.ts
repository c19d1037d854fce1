import type { InterviewSet, InterviewSetInput, Question, QuestionInput } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['catalogue'] }),
    ]);
}

export function useSaveInterviewSet() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: InterviewSetInput & { id?: string }) =>
      id
        ? api.put<InterviewSet>(`/admin/interview-sets/${id}`, input)
        : api.post<InterviewSet>('/admin/interview-sets', input),
    onSuccess: invalidate,
  });
}

export function useDeleteInterviewSet() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/interview-sets/${id}`),
    onSuccess: invalidate,
  });
}

export function useSaveQuestion(interviewSetId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: QuestionInput & { id?: string }) =>
      id
        ? api.put<Question>('/admin/questions', { id, ...input })
        : api.post<Question>('/admin/questions', { ...input, interviewSetId }),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/questions/${id}`),
    onSuccess: invalidate,
  });
}

export function useReorderQuestions(interviewSetId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (orderedIds: string[]) =>
      api.put<Question[]>('/admin/questions/reorder', { interviewSetId, orderedIds }),
    onSuccess: invalidate,
  });
}
