import {
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentStatus,
  type MyAssignment,
  type MySet,
} from '@candor/shared';
import { Play } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDayTime } from '@/lib/format-date';
import { useMyAssignments } from '../api/get-assignments';

const TONES: Record<AssignmentStatus, 'neutral' | 'blue' | 'green' | 'yellow'> = {
  not_started: 'neutral',
  in_progress: 'blue',
  done: 'green',
  late: 'yellow',
};

/**
 * "Assigned to you": the sets a coach gave the candidate's cohort, with the due time, where the
 * candidate stands on each and a Start button (Continue for an unfinished attempt). Nothing is
 * shown to a candidate without assignments. Start opens the set's pre-start screen for the
 * assignment (the interview route), where the attempt is made and counted.
 */
export function AssignedToYou() {
  const mine = useMyAssignments();
  if (!mine.data || mine.data.assignments.length === 0) return null;
  return (
    <section aria-labelledby="assigned-heading" className="space-y-3">
      <h2 id="assigned-heading" className="text-lg font-semibold">
        Assigned to you
      </h2>
      <ul className="space-y-3">
        {mine.data.assignments.map((a) => (
          <li key={a.id}>
            <AssignmentCard assignment={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AssignmentCard({ assignment: a }: { assignment: MyAssignment }) {
  const when = a.open
    ? `Due ${formatDayTime(a.dueAt)}${a.overdue ? ' (past due: attempts now count as late)' : ''}`
    : `Opens ${formatDayTime(a.opensAt)} · due ${formatDayTime(a.dueAt)}`;
  return (
    <Card className="space-y-3 p-4">
      <div>
        <p className="font-medium">{a.cohortName}</p>
        <p className="text-sm text-muted-foreground">
          {when} · {a.attemptsAllowed} {a.attemptsAllowed === 1 ? 'attempt' : 'attempts'} per set
          {a.recordingsReviewable ? ' · your coach may listen to your recordings' : ''}
        </p>
      </div>
      <ul className="divide-y">
        {a.sets.map((set) => (
          <SetLine key={set.id} assignment={a} set={set} />
        ))}
      </ul>
    </Card>
  );
}

function SetLine({ assignment: a, set }: { assignment: MyAssignment; set: MySet }) {
  const navigate = useNavigate();
  const used = set.attemptsUsed >= a.attemptsAllowed && !set.openInterviewId;
  // Start opens the set's pre-start screen for this assignment (the interview's choices: voice or
  // typing, recordings), whose Start makes the attempt; Continue goes back into the open one.
  const go = () =>
    navigate(
      set.openInterviewId
        ? `/interview/${set.id}?attempt=${set.openInterviewId}`
        : `/interview/${set.id}?assignment=${a.id}`,
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{set.title}</p>
        <p className="text-xs text-muted-foreground">
          {set.attemptsUsed} of {a.attemptsAllowed} attempts used
          {set.bestScore !== null ? ` · best ${set.bestScore}%` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={TONES[set.status]}>{ASSIGNMENT_STATUS_LABELS[set.status]}</Badge>
        <Button
          size="sm"
          onClick={go}
          disabled={!a.open || used}
          aria-label={`${set.openInterviewId ? 'Continue' : 'Start'}: ${set.title}`}
        >
          <Play aria-hidden /> {set.openInterviewId ? 'Continue' : 'Start'}
        </Button>
      </div>
    </li>
  );
}
