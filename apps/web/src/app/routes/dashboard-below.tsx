import { FeedbackNotices } from '@/features/coach-feedback/components/feedback-notices';
import { PractiseNextDrill } from '@/features/practice-loop/components/practise-next-drill';
import { QuestionProgressCard } from '@/features/practice-loop/components/question-progress';
import { ProgressPanel } from '@/features/progress/components/progress-chart';

/**
 * What the Dashboard shows below the specification's screen: the coach-feedback feature's notice,
 * the progress feature's chart beside the practice loop's "Practise next" drill, and the first,
 * best and latest score of each question retried. Its own chunk, loaded after the first drawing
 * (dashboard-route.tsx says why).
 */
export function DashboardBelow() {
  return (
    <>
      <FeedbackNotices />
      <ProgressPanel aside={<PractiseNextDrill />} />
      <QuestionProgressCard />
    </>
  );
}
