import type { InterviewSetDetail } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/sets/:id: an active set with its questions (no expected answers). */
export const interviewSetQueryOptions = (id: string) =>
  getQueryOptions<InterviewSetDetail>(['catalogue', 'set', id], `/interview/sets/${id}`, {
    enabled: Boolean(id),
  });

export function useInterviewSet(id: string) {
  return useQuery(interviewSetQueryOptions(id));
}
