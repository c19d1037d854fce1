import { QUESTION_KIND_LABELS, drillReason, type DrillPlan } from '@candor/shared';
import { ListChecks } from 'lucide-react';
import { formatDay } from '@/lib/format-date';
import { useDrill } from '../api/drills';

/**
 * On a drill's pre-start screen (issue 30): why each question is in it. "Your weakest: System
 * Design 42", then what the question is: a retry of the weakest one (its words and last score),
 * or a new question on the skill (its words kept for the interview).
 */
export function DrillReasons({ attemptId }: { attemptId: string }) {
  const { data, isError } = useDrill(attemptId);
  if (isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Could not load why these questions were chosen; the drill itself is ready.
      </p>
    );
  }
  if (!data) return null;
  return <DrillReasonsList plan={data} />;
}

export function DrillReasonsList({ plan }: { plan: DrillPlan }) {
  const score = new Map(plan.skills.map((s) => [s.skill, s]));
  return (
    <section
      aria-labelledby="drill-reasons"
      className="rounded-lg border border-border p-4 text-sm"
      data-testid="drill-reasons"
    >
      <h2 id="drill-reasons" className="flex items-center gap-2 font-semibold">
        <ListChecks className="size-4" aria-hidden /> Why these questions
      </h2>
      <p className="mt-1 text-muted-foreground">
        Your {plan.skills.length === 1 ? 'weakest skill' : `${plan.skills.length} weakest skills`}{' '}
        across your last {plan.attemptsRead === 1 ? 'interview' : `${plan.attemptsRead} interviews`}
        , in {plan.minutes} minutes.
      </p>
      <ol className="mt-3 space-y-2">
        {plan.questions.map((q) => {
          const skill = score.get(q.skill);
          return (
            <li key={q.position} className="rounded-md bg-muted/50 p-2" data-testid="drill-reason">
              <p className="font-medium">
                {q.position + 1}. {skill ? drillReason(skill) : q.skill}
              </p>
              <p className="text-muted-foreground">
                {q.source === 'retry' ? (
                  <>
                    Try again: you scored {q.lastScore}
                    {q.lastAskedAt ? ` on ${formatDay(q.lastAskedAt)}` : ''} on “{q.question}”
                  </>
                ) : (
                  <>
                    {q.kind === 'technical'
                      ? `A new question on ${q.skill}`
                      : `A new ${QUESTION_KIND_LABELS[q.kind].toLowerCase()} question`}
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
