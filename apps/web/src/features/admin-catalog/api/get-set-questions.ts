import type { InterviewSet, Question } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './keys';

export interface SetQuestions {
  questions: Question[];
  interviewSet: InterviewSet;
}

export function getSetQuestions(interviewSetId: string, signal?: AbortSignal) {
  return api.get<SetQuestions>(`/admin/questions/${interviewSetId}`, undefined, signal);
}

export const setQuestionsQueryOptions = (interviewSetId: string) =>
  queryOptions({
    queryKey: catalogKeys.questions(interviewSetId),
    queryFn: ({ signal }) => getSetQuestions(interviewSetId, signal),
  });

export function useSetQuestions(interviewSetId: string) {
  return useQuery(setQuestionsQueryOptions(interviewSetId));
}
