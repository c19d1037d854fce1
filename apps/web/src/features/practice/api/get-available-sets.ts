import type { InterviewSetSummary } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** Active interview sets in active categories, with the caller's completed count per set. */
export const availableSetsQueryOptions = getQueryOptions<InterviewSetSummary[]>(
  ['catalogue', 'sets', 'available'],
  '/interview/sets/available',
);

export function useAvailableSets() {
  return useQuery(availableSetsQueryOptions);
}
