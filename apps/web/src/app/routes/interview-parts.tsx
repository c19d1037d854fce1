import type { ComponentProps } from 'react';
import { CodingPanel } from '@/features/coding/components/coding-panel';
import type { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

type InterviewProps = NonNullable<ComponentProps<typeof InterviewPage>>;

/**
 * What every interview route puts beside the conversation: the coding round's editor on coding
 * questions and the whiteboard on system-design ones (each shows itself only on its own kind).
 */
export const interviewWorkspace: NonNullable<InterviewProps['workspace']> =
  (attemptId) => (ctx) => (
    <>
      <CodingPanel attemptId={attemptId} {...ctx} />
      <WhiteboardPanel attemptId={attemptId} {...ctx} />
    </>
  );

/** Before the start: the candidate's saved stories that fit the interview's skills (issue 30). */
export const storiesBeforeStart: NonNullable<InterviewProps['preStart']> = (topics) => (
  <StoriesThatFit skills={topics} />
);
