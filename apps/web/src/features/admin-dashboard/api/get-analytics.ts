import type { Analytics } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/analytics: the admin Dashboard's cards. */
export const analyticsQueryOptions = getQueryOptions<Analytics>(
  ['admin', 'analytics'],
  '/admin/analytics',
);

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
