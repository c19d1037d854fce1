import type { InterviewSet, Question } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';
import { catalogKeys } from './keys';

export interface SetQuestions {
  questions: Question[];
  interviewSet: InterviewSet;
}

export const setQuestionsQueryOptions = (interviewSetId: string) =>
  getQueryOptions<SetQuestions>(
    catalogKeys.questions(interviewSetId),
    `/admin/questions/${interviewSetId}`,
  );

export function useSetQuestions(interviewSetId: string) {
  return useQuery(setQuestionsQueryOptions(interviewSetId));
}
