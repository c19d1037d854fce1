import type { InterviewDetail } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview/:id: one of the candidate's attempts. */
export const getAttempt = (id: string, signal?: AbortSignal) =>
  api.get<InterviewDetail>(`/interview/${id}`, undefined, signal);

/** An attempt opened from its URL (a reload, a resumed or a shared link): does it exist? */
export const attemptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['interview', 'attempt', id],
    queryFn: ({ signal }) => getAttempt(id, signal),
    enabled: Boolean(id),
  });

export function useAttempt(id: string) {
  return useQuery(attemptQueryOptions(id));
}
