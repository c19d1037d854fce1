import type { CreateInterviewResponse, CreateTailoredInterviewBody } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/tailored/interviews: the attempt made from the confirmed skills (issue 15). */
export const createTailoredInterview = (body: CreateTailoredInterviewBody) =>
  api.post<CreateInterviewResponse>('/tailored/interviews', body);

export function useCreateTailoredInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTailoredInterview,
    // A new attempt: the history, the dashboard and the credits left change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['user'] }),
  });
}
