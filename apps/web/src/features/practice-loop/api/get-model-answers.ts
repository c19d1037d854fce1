import type { ModelAnswer } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/:id/model-answers: an example per answered question of a completed report. */
export const modelAnswersQueryOptions = (interviewId: string) =>
  getQueryOptions<ModelAnswer[]>(
    ['model-answers', interviewId],
    `/interview/${interviewId}/model-answers`,
    { enabled: interviewId !== '' },
  );

export function useModelAnswers(interviewId: string) {
  return useQuery({ ...modelAnswersQueryOptions(interviewId), retry: false });
}
