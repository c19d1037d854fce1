import { Suspense, useEffect, type ComponentProps } from 'react';
import { lazyPreloaded } from '@/lib/lazy-preloaded';
import type { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';

// Shown on the live screen only: its code is not part of the pre-start screen's first load. It
// is fetched while the pre-start screen is read (when the browser is idle), and drawn without a
// suspension once it is there (a revealed boundary is held back for up to 300 ms).
const { Component: Workspace, preload: loadWorkspace } = lazyPreloaded(
  async () => (await import('./interview-workspace')).default,
);

function FetchWorkspaceWhenIdle() {
  useEffect(() => {
    // As the live screen's own code (features/interview/routes/interview.tsx): a second after the
    // pre-start screen is drawn, once the browser is idle.
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      idle = (window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 0)))(
        () => void loadWorkspace(),
        { timeout: 2000 },
      );
    }, 1000);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
  return null;
}

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
      <Workspace attemptId={attemptId} {...ctx} />
    </Suspense>
  );
};

/** Before the start: the candidate's saved stories that fit the interview's skills (issue 30). */
export const storiesBeforeStart: NonNullable<InterviewProps['preStart']> = (topics) => (
  <>
    <StoriesThatFit skills={topics} />
    <FetchWorkspaceWhenIdle />
  </>
);
