import { NOT_ENOUGH_SPEECH, questionScoreBand, type QuestionReport } from '@candor/shared';
import { CheckCircle2, Circle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const DIMENSION_LABELS = {
  accuracy: 'Accuracy',
  completeness: 'Completeness',
  technicalDepth: 'Technical depth',
  clarity: 'Clarity',
} as const;

export function QuestionAnalysis({ questions }: { questions: QuestionReport[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Question-by-Question Analysis</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!questions || questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Detailed question-by-question analysis is not available for this report.
          </p>
        ) : (
          questions.map((q, i) => {
            const outOf10 = q.score === null ? null : Math.round(q.score / 10);
            return (
              <article
                key={i}
                className="rounded-lg border border-border p-4"
                data-testid="question-report"
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-medium">
                    Q{i + 1}. {q.question || 'No question'}
                  </h3>
                  {outOf10 === null ? (
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
                <p className="mt-2 text-sm">
                  <span className="font-medium">Your answer: </span>
                  <span className="text-muted-foreground">{q.answer || 'No answer provided'}</span>
                </p>
                {!q.scored ? (
                  <p className="mt-2 text-sm font-medium text-yellow-700 dark:text-yellow-400">
                    {q.notScoredReason ?? NOT_ENOUGH_SPEECH}
                  </p>
                ) : null}
                <p className="mt-2 text-sm">
                  <span className="font-medium">Feedback: </span>
                  {q.comment || q.evaluation?.feedback || 'No feedback'}
                </p>
                {q.dimensions ? (
                  <dl className="mt-3 grid gap-2 sm:grid-cols-2">
                    {(Object.keys(DIMENSION_LABELS) as (keyof typeof DIMENSION_LABELS)[]).map(
                      (key) => {
                        const d = q.dimensions![key];
                        return (
                          <div key={key} className="rounded-md bg-muted p-2 text-xs">
                            <dt className="font-semibold">
                              {DIMENSION_LABELS[key]}: {Math.round(d.score)}
                            </dt>
                            <dd className="text-muted-foreground">{d.explanation}</dd>
                            {d.evidence[0] ? (
                              <dd className="mt-1 italic">“{d.evidence[0]}”</dd>
                            ) : null}
                          </div>
                        );
                      },
                    )}
                  </dl>
                ) : null}
                {q.keyPoints.length > 0 ? (
                  <div className="mt-3">
                    <p className="text-xs font-semibold uppercase text-muted-foreground">
                      Expected key points
                    </p>
                    <ul className="mt-1 space-y-1 text-sm">
                      {q.keyPoints.map((k, j) => (
                        <li key={j} className="flex gap-2">
                          {k.covered ? (
                            <CheckCircle2
                              className="mt-0.5 size-4 shrink-0 text-green-600"
                              aria-label="Covered"
                            />
                          ) : (
                            <Circle
                              className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                              aria-label="Missed"
                            />
                          )}
                          <span>
                            {k.point}
                            {k.covered && k.evidence ? (
                              <span className="block text-xs italic text-muted-foreground">
                                You said: “{k.evidence}”
                              </span>
                            ) : null}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {q.scoredBy === 'builtin-fallback' ? (
                  <p className="mt-2 text-xs text-muted-foreground">
                    Scored by the builtin evaluator because the AI model failed.
                  </p>
                ) : null}
              </article>
            );
          })
        )}
      </CardContent>
    </Card>
  );
}
