import type { FinishCheckResponse } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attemptToCheckQueryOptions } from './get-attempt-to-check';

/** POST /api/interview/:id/check: the check is finished (or skipped); the report starts. */
export const finishCheck = (interviewId: string) =>
  api.post<FinishCheckResponse>(`/interview/${interviewId}/check`);

export function useFinishCheck(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => finishCheck(interviewId),
    // A report read before (still waiting for this check) must not send the report page back
    // here: it is read afresh.
    onSuccess: () => client.removeQueries({ queryKey: ['report', interviewId] }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: attemptToCheckQueryOptions(interviewId).queryKey }),
        client.invalidateQueries({ queryKey: ['report', interviewId] }),
      ]),
  });
}
