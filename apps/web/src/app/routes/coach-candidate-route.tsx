import { CoachCandidatePage } from '@/features/coach-review/routes/coach-candidate';
import { ProgressChart } from '@/features/progress/components/progress-chart';

/** Coach review of a candidate, with the progress feature's chart drawn from their stats. */
export function CoachCandidateRoute() {
  return (
    <CoachCandidatePage progress={(stats) => <ProgressChart stats={stats} title="Progress" />} />
  );
}
