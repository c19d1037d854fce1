import type { InterviewDetail } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userStatsQueryOptions } from '@/lib/user-stats';

/**
 * PUT /api/interview/:id { status: 'cancelled' }: History's Discard. The attempt is kept and shown
 * as Cancelled; it can no longer be resumed (decision 012).
 */
export const discardAttempt = (id: string) =>
  api.put<InterviewDetail>(`/interview/${id}`, { status: 'cancelled' });

export function useDiscardAttempt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discardAttempt,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['history'] }),
        client.invalidateQueries({ queryKey: userStatsQueryOptions.queryKey }),
      ]),
  });
}
