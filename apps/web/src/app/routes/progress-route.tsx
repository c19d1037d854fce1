import { PageHeader } from '@/components/ui/states';
import { PractiseNextDrill } from '@/features/practice-loop/components/practise-next-drill';
import { QuestionProgressCard } from '@/features/practice-loop/components/question-progress';
import { ProgressPanel } from '@/features/progress/components/progress-chart';

/**
 * /progress: the candidate's progress on one page: scores over time beside "Practise next" (the
 * drill of the weakest skills, one click), and the first, best and latest score of each question
 * tried again (a retry or a drill).
 */
export function ProgressRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Progress"
        description="Your scores over time, what to practise next, and the questions you tried again."
      />
      <ProgressPanel aside={<PractiseNextDrill />} />
      <QuestionProgressCard />
    </div>
  );
}
