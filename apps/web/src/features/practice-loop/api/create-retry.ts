import type { CreateRetryBody } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/interview/:id/retries: a one-question attempt of a scored question of that report. */
export function createRetry(interviewId: string, body: CreateRetryBody) {
  return api.post<{ id: string; roomId: string }>(`/interview/${interviewId}/retries`, body);
}

export function useCreateRetry(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (question: number) => createRetry(interviewId, { question }),
    // A new attempt in History; the credits left change with its first answer.
    onSuccess: () => client.invalidateQueries({ queryKey: ['history'] }),
  });
}
