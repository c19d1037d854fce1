import type { ScoreComparison } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/:id/comparison: this attempt beside the previous one of the same set. */
export const comparisonQueryOptions = (interviewId: string) =>
  getQueryOptions<ScoreComparison>(
    ['comparison', interviewId],
    `/interview/${interviewId}/comparison`,
    {
      enabled: interviewId !== '',
    },
  );

export function useComparison(interviewId: string) {
  return useQuery(comparisonQueryOptions(interviewId));
}
