import { useParams } from 'react-router';
import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

/** /interview/job/{attemptId}: a tailored interview (issue 15), made on "Practise for a job". */
export function TailoredInterviewRoute() {
  const { attemptId = '' } = useParams();
  return (
    <InterviewPage
      madeAttempt={attemptId}
      preStart={(topics) => <StoriesThatFit skills={topics} />}
      workspace={(id) => (ctx) => (
        <>
          <CodingPanel attemptId={id} {...ctx} />
          <WhiteboardPanel attemptId={id} {...ctx} />
        </>
      )}
    />
  );
}
