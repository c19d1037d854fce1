import { questionScoreBand, type CandidateQuestionsReport, type JobFit } from '@candor/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A tailored interview's "Fit for this job" (issue 15): each required skill, whether the interview
 * covered it, how the candidate did (scores out of 10, like the questions'), and their own words.
 * A skill asked about whose answers never showed it is "Not shown", with no score (issue 28).
 */
export function JobFitCard({ fit }: { fit: JobFit | undefined }) {
  if (!fit) return null;
  return (
    <Card data-testid="job-fit">
      <CardHeader>
        <CardTitle>Fit for this job</CardTitle>
        <CardDescription>How you did on each skill the {fit.role} role asks for.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3" aria-label="Required skills">
          {fit.skills.map((s) => {
            const outOf10 = s.score === null ? null : Math.round(s.score / 10);
            return (
              <li key={s.skill} className="rounded-lg border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{s.skill}</span>
                  {!s.covered ? (
                    <Badge tone="grey">Not covered</Badge>
                  ) : s.evidence.length === 0 ? (
                    // Asked, but no answer showed it: no quote, no credit (issue 28).
                    <Badge tone="red">Not shown</Badge>
                  ) : outOf10 === null ? (
                    <Badge tone="grey">Not scored</Badge>
                  ) : (
                    <Badge
                      tone={questionScoreBand(outOf10)}
                      aria-label={`Score ${outOf10} out of 10`}
                    >
                      {outOf10}/10
                    </Badge>
                  )}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{s.comment}</p>
                {s.evidence.length > 0 ? (
                  <ul className="mt-2 space-y-1" aria-label={`Your words on ${s.skill}`}>
                    {s.evidence.map((quote) => (
                      <li key={quote}>
                        <blockquote className="border-l-2 border-primary/40 pl-3 text-sm italic">
                          “{quote}”
                        </blockquote>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
        {fit.practiseNext.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold">Practise next</h3>
            <p className="text-sm text-muted-foreground">{fit.practiseNext.join(', ')}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const QUALITY: Record<
  CandidateQuestionsReport['questions'][number]['quality'],
  { label: string; tone: 'green' | 'yellow' | 'red' }
> = {
  strong: { label: 'Strong question', tone: 'green' },
  fair: { label: 'Fair question', tone: 'yellow' },
  weak: { label: 'Weak question', tone: 'red' },
};

/** The candidate's own questions at the end, the interviewer's answers and feedback on them. */
export function CandidateQuestionsCard({ asked }: { asked: CandidateQuestionsReport | undefined }) {
  if (!asked) return null;
  return (
    <Card data-testid="candidate-questions">
      <CardHeader>
        <CardTitle>Your questions</CardTitle>
        <CardDescription>What you asked the interviewer at the end.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {asked.questions.length > 0 ? (
          <ol className="space-y-3">
            {asked.questions.map((q, i) => (
              <li key={`${i}-${q.question}`} className="rounded-lg border border-border p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-medium">“{q.question}”</p>
                  <Badge tone={QUALITY[q.quality].tone}>{QUALITY[q.quality].label}</Badge>
                </div>
                {q.answer ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    <span className="font-medium text-foreground">Answer: </span>
                    {q.answer}
                  </p>
                ) : null}
                <p className="mt-1 text-sm">{q.feedback}</p>
              </li>
            ))}
          </ol>
        ) : null}
        <p className="text-sm">{asked.feedback}</p>
      </CardContent>
    </Card>
  );
}
