import { InterviewPage } from '@/features/interview/routes/interview';
import { interviewWorkspace, storiesBeforeStart } from './interview-parts';

/**
 * The live interview, with the coding round's editor beside the conversation on coding questions
 * and the whiteboard on system-design ones.
 */
export function InterviewRoute() {
  return <InterviewPage preStart={storiesBeforeStart} workspace={interviewWorkspace} />;
}
