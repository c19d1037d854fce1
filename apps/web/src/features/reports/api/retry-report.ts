import type { InterviewDetail } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Asks the server to generate a failed report again. Ending an already completed attempt again is
 * how the server retries (docs/live-protocol.md, "The REST side"); the transcript is untouched.
 */
export function retryReport(interviewId: string) {
  return api.put<InterviewDetail>(`/interview/${interviewId}`, { status: 'completed' });
}

export function useRetryReport(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => retryReport(interviewId),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['report', interviewId] }),
        client.invalidateQueries({ queryKey: ['interview', interviewId] }),
      ]),
  });
}
