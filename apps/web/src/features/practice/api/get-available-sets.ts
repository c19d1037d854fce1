import type { InterviewSetSummary } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Active interview sets in active categories, with the caller's completed count per set. */
export function getAvailableSets(signal?: AbortSignal): Promise<InterviewSetSummary[]> {
  return api.get<InterviewSetSummary[]>('/interview/sets/available', undefined, signal);
}

export const availableSetsQueryOptions = queryOptions({
  queryKey: ['catalogue', 'sets', 'available'],
  queryFn: ({ signal }) => getAvailableSets(signal),
});

export function useAvailableSets() {
  return useQuery(availableSetsQueryOptions);
}
