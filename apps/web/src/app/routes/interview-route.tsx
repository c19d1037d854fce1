import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

/**
 * The live interview, with the coding round's editor beside the conversation on coding questions
 * and the whiteboard on system-design ones.
 */
export function InterviewRoute() {
  return (
    <InterviewPage
      workspace={(attemptId) => (ctx) => (
        <>
          <CodingPanel attemptId={attemptId} {...ctx} />
          <WhiteboardPanel attemptId={attemptId} {...ctx} />
        </>
      )}
    />
  );
}
