import { CodingPanel } from '@/features/coding/components/coding-panel';
import { InterviewPage } from '@/features/interview/routes/interview';

/** The live interview, with the coding round's editor beside the conversation on coding questions. */
export function InterviewRoute() {
  return (
    <InterviewPage
      workspace={(attemptId) => (ctx) => <CodingPanel attemptId={attemptId} {...ctx} />}
    />
  );
}
