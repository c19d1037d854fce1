import type { InterviewSetSummary } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview/quick-practice: active sets an administrator shows on Home. */
export const getQuickPractice = (signal?: AbortSignal) =>
  api.get<InterviewSetSummary[]>('/interview/quick-practice', undefined, signal);

export const quickPracticeQueryOptions = queryOptions({
  queryKey: ['catalogue', 'quick-practice'],
  queryFn: ({ signal }) => getQuickPractice(signal),
});

export function useQuickPractice() {
  return useQuery(quickPracticeQueryOptions);
}
