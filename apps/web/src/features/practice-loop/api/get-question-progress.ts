import type { QuestionProgress } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/user/question-progress: each question retried, its first, best and latest score. */
export const questionProgressQueryOptions = () =>
  getQueryOptions<QuestionProgress[]>(['question-progress'], '/user/question-progress');

export function useQuestionProgress() {
  return useQuery(questionProgressQueryOptions());
}
