import { useParams } from 'react-router';
import { InterviewPage } from '@/features/interview/routes/interview';
import { interviewWorkspace, storiesBeforeStart } from './interview-parts';

/**
 * /interview/retry/{attemptId}: a retry of one question (issue 30), made from a report; a coding
 * question opens its editor and a system-design question its board, as in the first try.
 */
export function RetryInterviewRoute() {
  const { attemptId = '' } = useParams();
  return (
    <InterviewPage
      madeAttempt={attemptId}
      preStart={storiesBeforeStart}
      workspace={interviewWorkspace}
    />
  );
}
