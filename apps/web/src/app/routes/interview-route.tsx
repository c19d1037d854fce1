import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

/**
 * The live interview, with the coding round's editor beside the conversation on coding questions
 * and the whiteboard on system-design ones.
 */
export function InterviewRoute() {
  return (
    <InterviewPage
      preStart={(topics) => <StoriesThatFit skills={topics} />}
      workspace={(attemptId) => (ctx) => (
        <>
          <CodingPanel attemptId={attemptId} {...ctx} />
          <WhiteboardPanel attemptId={attemptId} {...ctx} />
        </>
      )}
    />
  );
}
