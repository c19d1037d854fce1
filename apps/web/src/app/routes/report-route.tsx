import { useParams } from 'react-router';
import { RetryOutcomeCard } from '@/features/practice-loop/components/retry-outcome';
import { RetryQuestionButton } from '@/features/practice-loop/components/retry-question-button';
import { ScoreChange } from '@/features/progress/components/score-change';
import { ReportPage } from '@/features/reports/routes/report';

/**
 * The report, with the progress feature's comparison and the practice loop's retry (its outcome
 * beside the first try, "Retry this question" under each scored question) composed into its slots.
 */
export function ReportRoute() {
  const { id = '' } = useParams();
  return (
    <ReportPage
      comparison={
        <>
          <RetryOutcomeCard interviewId={id} />
          <ScoreChange interviewId={id} />
        </>
      }
      questionAction={(q, index) => (
        <RetryQuestionButton interviewId={id} question={q} index={index} />
      )}
    />
  );
}
