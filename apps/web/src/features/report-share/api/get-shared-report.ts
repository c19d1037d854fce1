import type { SharedReport } from '@candor/shared';
import { getQueryOptions } from '@/lib/api-query';

/**
 * GET /api/shared/:token: a report someone shared, read without signing in. Read once per visit
 * (each reading counts as a view for its owner), and a dead link is not asked again.
 */
export const sharedReportQueryOptions = (token: string) => ({
  ...getQueryOptions<SharedReport>(
    ['shared-report', token],
    `/shared/${encodeURIComponent(token)}`,
  ),
  retry: false,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});
