import { useParams } from 'react-router';
import { InterviewPage } from '@/features/interview/routes/interview';
import { DrillReasons } from '@/features/practice-loop/components/drill-reasons';
import { interviewWorkspace, storiesBeforeStart } from './interview-parts';

/**
 * /interview/drill/{attemptId}: a "Practise next" drill (issue 30, decision 045), made with one
 * click from the dashboard or Progress; its pre-start screen says why each question is in it.
 */
export function DrillInterviewRoute() {
  const { attemptId = '' } = useParams();
  return (
    <InterviewPage
      madeAttempt={attemptId}
      preStart={(topics) => (
        <>
          <DrillReasons attemptId={attemptId} />
          {storiesBeforeStart(topics)}
        </>
      )}
      workspace={interviewWorkspace}
    />
  );
}
