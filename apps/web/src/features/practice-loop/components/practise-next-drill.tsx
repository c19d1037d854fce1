import { DRILL, type DrillPlan } from '@candor/shared';
import { Lightbulb, Zap } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCreateDrill, useDrillPreview } from '../api/drills';

const questions = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/**
 * Practise next (issue 30, decision 045): the three weakest skills of the candidate's recent
 * attempts, and one click to a ten-minute drill of them (its pre-start screen says why each
 * question is in it). Before any scored answer, what it will do once there is one.
 */
export function PractiseNextDrill() {
  const preview = useDrillPreview();
  return (
    <Card className="p-5" role="region" aria-labelledby="practise-next-heading">
      <h2 id="practise-next-heading" className="flex items-center gap-2 font-semibold">
        <Lightbulb className="size-5 text-yellow-600 dark:text-yellow-400" aria-hidden /> Practise
        next
      </h2>
      {preview.isPending ? (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading your weakest skills">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-9 w-44" />
        </div>
      ) : preview.isError ? (
        <div role="alert" className="mt-3 space-y-2 text-sm">
          <p className="text-destructive">Could not read your weakest skills.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void preview.refetch()}>
            Try Again
          </Button>
        </div>
      ) : preview.data.skills.length === 0 ? (
        <EmptyDrill />
      ) : (
        <DrillOffer plan={preview.data} />
      )}
    </Card>
  );
}

function EmptyDrill() {
  return (
    <div className="mt-3 space-y-3 text-sm" data-testid="drill-empty">
      <p className="text-muted-foreground">
        No scored answers yet. After your first interview, this picks your three weakest skills and
        makes a {DRILL.minutes}-minute drill of them.
      </p>
      <Link to="/practice" className="inline-block font-medium text-primary hover:underline">
        Find an interview to start with
      </Link>
    </div>
  );
}

function DrillOffer({ plan }: { plan: DrillPlan }) {
  const navigate = useNavigate();
  const start = useCreateDrill();
  const retries = plan.questions.filter((q) => q.source === 'retry').length;
  const fresh = plan.questions.length - retries;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p className="text-muted-foreground">
        Your weakest skills in your last{' '}
        {plan.attemptsRead === 1 ? 'interview' : `${plan.attemptsRead} interviews`}:
      </p>
      <ul className="space-y-1" data-testid="drill-skills">
        {plan.skills.map((s) => (
          <li key={s.skill} className="flex items-baseline justify-between gap-3">
            <span className="font-medium">{s.skill}</span>
            <span className="tabular-nums text-muted-foreground">
              {s.score}
              <span className="sr-only"> out of 100</span>
              <span aria-hidden>/100</span> · {s.answers} {s.answers === 1 ? 'answer' : 'answers'}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        A {plan.minutes}-minute drill of {questions(plan.questions.length)}: {retries} to try again
        {fresh > 0 ? `, ${fresh} new` : ''}.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: ({ id }) => void navigate(`/interview/drill/${id}`),
            })
          }
        >
          <Zap aria-hidden />
          {start.isPending ? 'Preparing...' : `Start a ${plan.minutes}-minute drill`}
        </Button>
        <span className="text-xs text-muted-foreground">Uses one interview credit.</span>
      </div>
      {start.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(start.error, 'Could not start the drill')}
        </p>
      ) : null}
    </div>
  );
}
