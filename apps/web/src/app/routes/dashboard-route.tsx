import { FeedbackNotices } from '@/features/coach-feedback/components/feedback-notices';
import { quickPracticeQueryOptions } from '@/features/dashboard/api/get-quick-practice';
import { recentCompletedQueryOptions } from '@/features/dashboard/api/get-recent-completed';
import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { PractiseNextDrill } from '@/features/practice-loop/components/practise-next-drill';
import { QuestionProgressCard } from '@/features/practice-loop/components/question-progress';
import { ProgressPanel } from '@/features/progress/components/progress-chart';
import { userStatsQueryOptions } from '@/lib/user-stats';
import type { FirstQueries } from '../first-queries';

/** What the Dashboard draws first (@candor/shared's firstReads for `/`). */
export const firstQueries: FirstQueries = () => [
  quickPracticeQueryOptions,
  userStatsQueryOptions,
  recentCompletedQueryOptions,
];

/**
 * The Dashboard, with the progress feature's chart beside the practice loop's "Practise next"
 * drill, the first, best and latest score of each question retried, and the coach-feedback
 * feature's notice of new feedback, composed into its slot.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      progress={
        <>
          <FeedbackNotices />
          <ProgressPanel aside={<PractiseNextDrill />} />
          <QuestionProgressCard />
        </>
      }
    />
  );
}
