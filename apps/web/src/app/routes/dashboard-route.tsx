import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { PractiseNextDrill } from '@/features/practice-loop/components/practise-next-drill';
import { QuestionProgressCard } from '@/features/practice-loop/components/question-progress';
import { ProgressPanel } from '@/features/progress/components/progress-chart';

/**
 * The Dashboard, with the progress feature's chart beside the practice loop's "Practise next"
 * drill, and the first, best and latest score of each question retried, composed into its slot.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      progress={
        <>
          <ProgressPanel aside={<PractiseNextDrill />} />
          <QuestionProgressCard />
        </>
      }
    />
  );
}
