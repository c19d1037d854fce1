import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';

/** The live interview, with the coding round's editor beside the conversation on coding questions. */
export function InterviewRoute() {
  return (
    <InterviewPage
      preStart={(topics) => <StoriesThatFit skills={topics} />}
      workspace={(attemptId) => (ctx) => <CodingPanel attemptId={attemptId} {...ctx} />}
    />
  );
}
