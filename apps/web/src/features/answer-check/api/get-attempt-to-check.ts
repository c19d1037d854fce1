import type { InterviewDetail } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/**
 * GET /api/interview/:id: the ended attempt with its conversation, for "Check your answers"
 * (decision 024).
 */
export const attemptToCheckQueryOptions = (interviewId: string) =>
  getQueryOptions<InterviewDetail>(['interview', interviewId], `/interview/${interviewId}`);

export function useAttemptToCheck(interviewId: string) {
  return useQuery(attemptToCheckQueryOptions(interviewId));
}
