import type { InterviewDetail } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userStatsQueryOptions } from '@/lib/user-stats';

/**
 * PUT /api/interview/:id { status: 'completed' }: History's Get report, for an unfinished attempt
 * whose interview time ran out (decision 038): it ends as End Interview ends it (time being up,
 * without asking to end early), and its answers are checked or its report made.
 */
export const endAttempt = (id: string) =>
  api.put<InterviewDetail>(`/interview/${id}`, { status: 'completed' });

export function useEndAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endAttempt,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['history'] }),
        client.invalidateQueries({ queryKey: userStatsQueryOptions.queryKey }),
      ]),
  });
}
