import type { InterviewSet } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';
import { catalogKeys } from './keys';

export const interviewSetsQueryOptions = getQueryOptions<InterviewSet[]>(
  catalogKeys.sets,
  '/admin/interview-sets',
);

export function useInterviewSets() {
  return useQuery(interviewSetsQueryOptions);
}
