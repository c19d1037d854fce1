import type { MyAssignment, MySet } from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Banner } from '@/components/ui/states';
import { formatDayTime } from '@/lib/format-date';

/**
 * The pre-start screen of an assigned set (from "Assigned to you" or a course's LTI link): which
 * cohort gave it, when it is due, the attempts left, and the assignment's own unfinished attempt
 * to continue (an attempt of the set outside the assignment would not count for it).
 */
export function AssignmentBeforeStart({
  assignment: a,
  onContinue,
}: {
  assignment: MyAssignment & { set: MySet };
  onContinue: (attemptId: string) => void;
}) {
  const left = Math.max(0, a.attemptsAllowed - a.set.attemptsUsed);
  const when = a.open
    ? `due ${formatDayTime(a.dueAt)}${a.overdue ? ' (past due: this attempt counts as late)' : ''}`
    : `opens ${formatDayTime(a.opensAt)}, due ${formatDayTime(a.dueAt)}`;
  return (
    <Banner tone="info">
      <div
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        data-testid="assignment-before-start"
      >
        <p>
          Assigned to you by {a.cohortName}: {when}. {left} of {a.attemptsAllowed}{' '}
          {a.attemptsAllowed === 1 ? 'attempt' : 'attempts'} left
          {a.set.bestScore !== null ? ` · your best so far ${a.set.bestScore}%` : ''}.
        </p>
        {a.set.openInterviewId ? (
          <Button size="sm" className="shrink-0" onClick={() => onContinue(a.set.openInterviewId!)}>
            Continue attempt
          </Button>
        ) : null}
      </div>
    </Banner>
  );
}
