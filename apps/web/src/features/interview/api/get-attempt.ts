import type { InterviewDetail } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/**
 * GET /api/interview/:id: one of the candidate's attempts, opened from its URL (a reload, a resumed
 * or a shared link): does it exist?
 */
export const attemptQueryOptions = (id: string) =>
  getQueryOptions<InterviewDetail>(['interview', 'attempt', id], `/interview/${id}`, {
    enabled: Boolean(id),
  });

export function useAttempt(id: string) {
  return useQuery(attemptQueryOptions(id));
}
