import type { ScoreComparison } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useComparison(interviewId: string) {
  return useQuery({
    queryKey: ['comparison', interviewId],
    queryFn: ({ signal }) =>
      api.get<ScoreComparison>(`/interview/${interviewId}/comparison`, undefined, signal),
  });
}
