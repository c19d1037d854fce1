import { useParams } from 'react-router';
import { InterviewPage } from '@/features/interview/routes/interview';
import { interviewWorkspace, storiesBeforeStart } from './interview-parts';

/** /interview/job/{attemptId}: a tailored interview (issue 15), made on "Practise for a job". */
export function TailoredInterviewRoute() {
  const { attemptId = '' } = useParams();
  return (
    <InterviewPage
      madeAttempt={attemptId}
      preStart={storiesBeforeStart}
      workspace={interviewWorkspace}
    />
  );
}
