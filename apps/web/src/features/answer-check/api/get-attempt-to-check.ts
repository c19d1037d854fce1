import type { InterviewDetail } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview/:id: the ended attempt with its conversation, for "Check your answers"
 * (decision 024).
 */
export const getAttemptToCheck = (interviewId: string, signal?: AbortSignal) =>
  api.get<InterviewDetail>(`/interview/${interviewId}`, undefined, signal);

export const attemptToCheckQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['interview', interviewId],
    queryFn: ({ signal }) => getAttemptToCheck(interviewId, signal),
  });

export function useAttemptToCheck(interviewId: string) {
  return useQuery(attemptToCheckQueryOptions(interviewId));
}
