import type { Analytics } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/analytics: the admin Dashboard's cards. */
export const getAnalytics = (signal?: AbortSignal) =>
  api.get<Analytics>('/admin/analytics', undefined, signal);

export const analyticsQueryOptions = queryOptions({
  queryKey: ['admin', 'analytics'],
  queryFn: ({ signal }) => getAnalytics(signal),
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
