import type { CorrectAnswerResponse, FinishCheckResponse, InterviewDetail } from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * "Check your answers" (decision 024): the ended attempt with its conversation, a correction of
 * one spoken answer, and finishing (or skipping) the check, which starts the report.
 */

const attemptKey = (interviewId: string) => ['interview', interviewId] as const;

export function useAttemptToCheck(interviewId: string) {
  return useQuery({
    queryKey: attemptKey(interviewId),
    queryFn: ({ signal }) =>
      api.get<InterviewDetail>(`/interview/${interviewId}`, undefined, signal),
  });
}

export function useCorrectAnswer(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, text }: { answerId: string; text: string }) =>
      api.patch<CorrectAnswerResponse>(
        `/interview/${interviewId}/answers/${encodeURIComponent(answerId)}`,
        { text },
      ),
    // The stored answer replaces the one shown: what the report will score.
    onSuccess: ({ message, checkUntil }) =>
      client.setQueryData<InterviewDetail>(attemptKey(interviewId), (old) =>
        old
          ? {
              ...old,
              checkUntil,
              conversation: old.conversation.map((m) => (m.id === message.id ? message : m)),
            }
          : old,
      ),
  });
}

export function useFinishCheck(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FinishCheckResponse>(`/interview/${interviewId}/check`),
    // A report read before (still waiting for this check) must not send the report page back
    // here: it is read afresh.
    onSuccess: () => client.removeQueries({ queryKey: ['report', interviewId] }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: attemptKey(interviewId) }),
        client.invalidateQueries({ queryKey: ['report', interviewId] }),
      ]),
  });
}
