import type { AiUsageReport } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/analytics/usage?days: AI usage and estimated cost of the last `days` days. */
export const aiUsageQueryOptions = (days: number) =>
  getQueryOptions<AiUsageReport>(['admin', 'analytics', 'usage', days], '/admin/analytics/usage', {
    query: { days },
  });

export function useAiUsage(days: number) {
  // Changing the window keeps the last figures on screen until the new ones arrive.
  return useQuery({ ...aiUsageQueryOptions(days), placeholderData: keepPreviousData });
}
