import type { CorrectAnswerBody, CorrectAnswerResponse, InterviewDetail } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attemptToCheckQueryOptions } from './get-attempt-to-check';

/** PATCH /api/interview/:id/answers/:answerId: a spoken answer as the candidate says they said it. */
export const correctAnswer = (interviewId: string, answerId: string, body: CorrectAnswerBody) =>
  api.patch<CorrectAnswerResponse>(
    `/interview/${interviewId}/answers/${encodeURIComponent(answerId)}`,
    body,
  );

export function useCorrectAnswer(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, text }: { answerId: string; text: string }) =>
      correctAnswer(interviewId, answerId, { text }),
    // The stored answer replaces the one shown: what the report will score.
    onSuccess: ({ message, checkUntil }) =>
      client.setQueryData<InterviewDetail>(
        attemptToCheckQueryOptions(interviewId).queryKey,
        (old) =>
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
