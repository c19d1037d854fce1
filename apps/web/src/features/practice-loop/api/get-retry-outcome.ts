import type { RetryOutcome } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/:id/retry-outcome: a retry beside the first try of its question (404: not a retry). */
export const retryOutcomeQueryOptions = (interviewId: string) =>
  getQueryOptions<RetryOutcome>(
    ['retry-outcome', interviewId],
    `/interview/${interviewId}/retry-outcome`,
    { enabled: interviewId !== '' },
  );

export function useRetryOutcome(interviewId: string) {
  return useQuery({ ...retryOutcomeQueryOptions(interviewId), retry: false });
}
