import type { InterviewSetSummary } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const quickPracticeQueryOptions = queryOptions({
  queryKey: ['catalogue', 'quick-practice'],
  queryFn: ({ signal }) =>
    api.get<InterviewSetSummary[]>('/interview/quick-practice', undefined, signal),
});

export function useQuickPractice() {
  return useQuery(quickPracticeQueryOptions);
}
