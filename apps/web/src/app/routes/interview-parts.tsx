import { Suspense, lazy, type ComponentProps } from 'react';
import type { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';

// Shown on the live screen only: their code is not part of the pre-start screen's first load.
const CodingPanel = lazy(async () => ({
  default: (await import('@/features/coding/components/coding-panel')).CodingPanel,
}));
const WhiteboardPanel = lazy(async () => ({
  default: (await import('@/features/whiteboard/components/whiteboard-panel')).WhiteboardPanel,
}));

type InterviewProps = NonNullable<ComponentProps<typeof InterviewPage>>;

/**
 * What every interview route puts beside the conversation: the coding round's editor on coding
 * questions and the whiteboard on system-design ones (each shows itself only on its own kind).
 */
export const interviewWorkspace: NonNullable<InterviewProps['workspace']> =
  (attemptId) => (ctx) => (
    <Suspense fallback={null}>
      <CodingPanel attemptId={attemptId} {...ctx} />
      <WhiteboardPanel attemptId={attemptId} {...ctx} />
    </Suspense>
  );

/** Before the start: the candidate's saved stories that fit the interview's skills (issue 30). */
export const storiesBeforeStart: NonNullable<InterviewProps['preStart']> = (topics) => (
  <StoriesThatFit skills={topics} />
);
