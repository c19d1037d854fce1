import type { ScoreComparison } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview/:id/comparison: this attempt beside the previous one of the same set. */
export const getComparison = (interviewId: string, signal?: AbortSignal) =>
  api.get<ScoreComparison>(`/interview/${interviewId}/comparison`, undefined, signal);

export const comparisonQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['comparison', interviewId],
    queryFn: ({ signal }) => getComparison(interviewId, signal),
    enabled: interviewId !== '',
  });

export function useComparison(interviewId: string) {
  return useQuery(comparisonQueryOptions(interviewId));
}
