import type { Analytics } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const analyticsQueryOptions = queryOptions({
  queryKey: ['admin', 'analytics'],
  queryFn: ({ signal }) => api.get<Analytics>('/admin/analytics', undefined, signal),
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
