import { Suspense, lazy, type ComponentProps } from 'react';
import type { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';

// Shown on the live screen only: its code is not part of the pre-start screen's first load.
const loadWorkspace = () => import('./interview-workspace');
const InterviewWorkspace = lazy(loadWorkspace);

type InterviewProps = NonNullable<ComponentProps<typeof InterviewPage>>;

/**
 * What every interview route puts beside the conversation: the coding round's editor on coding
 * questions and the whiteboard on system-design ones (each shows itself only on its own kind).
 */
export const interviewWorkspace: NonNullable<InterviewProps['workspace']> = (attemptId) => {
  // Asked for when the live screen is, beside its own code rather than after it.
  void loadWorkspace();
  return (ctx) => (
    <Suspense fallback={null}>
      <InterviewWorkspace attemptId={attemptId} {...ctx} />
    </Suspense>
  );
};

/** Before the start: the candidate's saved stories that fit the interview's skills (issue 30). */
export const storiesBeforeStart: NonNullable<InterviewProps['preStart']> = (topics) => (
  <StoriesThatFit skills={topics} />
);
