import type { InterviewSet } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './keys';

export function getInterviewSets(signal?: AbortSignal): Promise<InterviewSet[]> {
  return api.get<InterviewSet[]>('/admin/interview-sets', undefined, signal);
}

export const interviewSetsQueryOptions = queryOptions({
  queryKey: catalogKeys.sets,
  queryFn: ({ signal }) => getInterviewSets(signal),
});

export function useInterviewSets() {
  return useQuery(interviewSetsQueryOptions);
}
