import type { InterviewSetSummary } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/quick-practice: active sets an administrator shows on Home. */
export const quickPracticeQueryOptions = getQueryOptions<InterviewSetSummary[]>(
  ['catalogue', 'quick-practice'],
  '/interview/quick-practice',
);

export function useQuickPractice() {
  return useQuery(quickPracticeQueryOptions);
}
