import type { AiUsageReport } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/analytics/usage?days: AI usage and estimated cost of the last `days` days. */
export const aiUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'usage', days],
    queryFn: ({ signal }) => api.get<AiUsageReport>('/admin/analytics/usage', { days }, signal),
  });

export function useAiUsage(days: number) {
  // Changing the window keeps the last figures on screen until the new ones arrive.
  return useQuery({ ...aiUsageQueryOptions(days), placeholderData: keepPreviousData });
}
