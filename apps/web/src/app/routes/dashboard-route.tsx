import { lazy, Suspense } from 'react';
import { quickPracticeQueryOptions } from '@/features/dashboard/api/get-quick-practice';
import { recentCompletedQueryOptions } from '@/features/dashboard/api/get-recent-completed';
import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { userStatsQueryOptions } from '@/lib/user-stats';
import type { FirstQueries } from '../first-queries';

/** What the Dashboard draws first (@candor/shared's firstReads for `/`). */
export const firstQueries: FirstQueries = () => [
  quickPracticeQueryOptions,
  userStatsQueryOptions,
  recentCompletedQueryOptions,
];

/**
 * Below the specification's screen, out of a phone's first view: its code (five features' small
 * chunks) is asked for once the screen is drawn, not with it. Over HTTP/1.1 a page's requests
 * queue six at a time, a round trip each on a phone, and these were a third of the screen's
 * first-load requests (issue 32). Added below everything else, it moves nothing when it appears.
 */
const DashboardBelow = lazy(() =>
  import('./dashboard-below').then((m) => ({ default: m.DashboardBelow })),
);

/** The Dashboard, with what its features add below it composed into its slot. */
export function DashboardRoute() {
  return (
    <DashboardPage
      progress={
        <Suspense fallback={null}>
          <DashboardBelow />
        </Suspense>
      }
    />
  );
}
