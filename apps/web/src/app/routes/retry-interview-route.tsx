import { useParams } from 'react-router';
import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

/**
 * /interview/retry/{attemptId}: a retry of one question (issue 30), made from a report; a coding
 * question opens its editor and a system-design question its board, as in the first try.
 */
export function RetryInterviewRoute() {
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
