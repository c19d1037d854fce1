import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { QuestionProgressCard } from '@/features/practice-loop/components/question-progress';
import { ProgressPanel } from '@/features/progress/components/progress-chart';

/**
 * The Dashboard, with the progress feature's chart and 'practise next', and the practice loop's
 * first, best and latest score of each question retried, composed into its slot.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      progress={
        <>
          <ProgressPanel />
          <QuestionProgressCard />
        </>
      }
    />
  );
}
