import { useParams, useSearchParams } from 'react-router';
import { Banner, LoadingState } from '@/components/ui/states';
import { useMyAssignment, useStartAssigned } from '@/features/dashboard/api/get-assignments';
import { AssignmentBeforeStart } from '@/features/dashboard/components/assignment-before-start';
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
 * and the whiteboard on system-design ones. With `?assignment={id}` (Start on "Assigned to you",
 * or a course's LTI link), the pre-start screen is the assignment's and Start counts towards it.
 */
export function InterviewRoute() {
  const [params] = useSearchParams();
  const assignmentId = params.get('assignment');
  if (assignmentId) return <AssignedInterview assignmentId={assignmentId} />;
  return <InterviewPage preStart={storiesBeforeStart} workspace={interviewWorkspace} />;
}

function AssignedInterview({ assignmentId }: { assignmentId: string }) {
  const { id: setId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const mine = useMyAssignment(assignmentId, setId);
  const start = useStartAssigned();
  const live = params.has('attempt');
  // The pre-start screen waits for the assignment (a reload mid-interview does not).
  if (!live && mine.isPending)
    return <LoadingState className="min-h-screen" text="Loading interview..." />;
  const assigned = mine.assignment;
  const cont = (attemptId: string) => {
    const next = new URLSearchParams(params);
    next.set('attempt', attemptId);
    setParams(next, { replace: true });
  };
  return (
    <InterviewPage
      workspace={interviewWorkspace}
      startAttempt={assigned ? () => start.mutateAsync({ assignmentId, setId }) : undefined}
      offerUnfinished={!assigned}
      preStart={(topics) => (
        <>
          {assigned ? (
            <AssignmentBeforeStart assignment={assigned} onContinue={cont} />
          ) : (
            // Not theirs, removed, long past due, or not loaded: the set is still there to
            // practise, and the candidate is told the attempt counts for no assignment.
            <Banner tone="info">
              {mine.isError
                ? 'Your assignment could not be loaded: an interview started here is practice and counts for no assignment. Start it from "Assigned to you" on the Dashboard to count it.'
                : 'This assignment is not among yours: an interview started here is practice and counts for no assignment.'}
            </Banner>
          )}
          {storiesBeforeStart(topics)}
        </>
      )}
    />
  );
}
