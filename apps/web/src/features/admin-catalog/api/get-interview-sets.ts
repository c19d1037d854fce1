import type { InterviewSet, Question } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminSetsQueryOptions = queryOptions({
  queryKey: ['admin', 'interview-sets'],
  queryFn: ({ signal }) => api.get<InterviewSet[]>('/admin/interview-sets', undefined, signal),
});

export function useAdminSets() {
  return useQuery(adminSetsQueryOptions);
}

export const setQuestionsQueryOptions = (interviewSetId: string) =>
  queryOptions({
    queryKey: ['admin', 'questions', interviewSetId],
    queryFn: ({ signal }) =>
      api.get<{ questions: Question[]; interviewSet: InterviewSet }>(
        `/admin/questions/${interviewSetId}`,
        undefined,
        signal,
      ),
  });

export function useSetQuestions(interviewSetId: string) {
  return useQuery(setQuestionsQueryOptions(interviewSetId));
}
