import { interviewSetQueryOptions } from '@/features/interview/api/get-interview-set';
import { interviewSetupQueryOptions } from '@/features/interview/api/get-interview-setup';
import { unfinishedAttemptQueryOptions } from '@/features/interview/api/get-unfinished-attempt';
import { InterviewPage } from '@/features/interview/routes/interview';
import { isId, type FirstQueries } from '../first-queries';
import { interviewWorkspace, storiesBeforeStart } from './interview-parts';

/**
 * What the pre-start screen draws first (@candor/shared's firstReads): the set, who recognises
 * speech, and an unfinished attempt of the set to offer. An attempt's address (the live screen
 * resumed) reads differently, and waits for nothing.
 */
export const firstQueries: FirstQueries = ({ id }, url) =>
  isId(id) && !url.searchParams.has('attempt')
    ? [interviewSetQueryOptions(id), interviewSetupQueryOptions, unfinishedAttemptQueryOptions(id)]
    : [];

/**
 * The live interview, with the coding round's editor beside the conversation on coding questions
 * and the whiteboard on system-design ones.
 */
export function InterviewRoute() {
  return <InterviewPage preStart={storiesBeforeStart} workspace={interviewWorkspace} />;
}
