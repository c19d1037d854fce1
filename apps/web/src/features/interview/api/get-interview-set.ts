import type { InterviewSetDetail } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview/sets/:id: an active set with its questions (no expected answers). */
export const getInterviewSet = (id: string, signal?: AbortSignal) =>
  api.get<InterviewSetDetail>(`/interview/sets/${id}`, undefined, signal);

export const interviewSetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalogue', 'set', id],
    queryFn: ({ signal }) => getInterviewSet(id, signal),
    enabled: Boolean(id),
  });

export function useInterviewSet(id: string) {
  return useQuery(interviewSetQueryOptions(id));
}
