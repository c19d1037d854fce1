import type { RetryOutcome as Outcome, RetryTry } from '@candor/shared';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useRetryOutcome } from '../api/get-retry-outcome';

/** "first try 42 → now 71": a retry's score beside the first try, and what changed (issue 30). */
export function RetryOutcomeCard({ interviewId }: { interviewId: string }) {
  // 404 for an attempt that is not a retry: nothing shows.
  const { data } = useRetryOutcome(interviewId);
  if (!data) return null;
  return <RetryOutcomeView outcome={data} />;
}

const score = (t: RetryTry) => (t.score === null ? '–' : String(Math.round(t.score)));

export function RetryOutcomeView({ outcome: o }: { outcome: Outcome }) {
  const delta =
    o.first.score !== null && o.now.score !== null
      ? Math.round(o.now.score) - Math.round(o.first.score)
      : null;
  const rows: { label: string; before: string; after: string }[] = [
    ...(o.first.keyPointsTotal > 0
      ? [
          {
            label: 'Key points covered',
            before: `${o.first.keyPointsCovered} of ${o.first.keyPointsTotal}`,
            after: `${o.now.keyPointsCovered} of ${o.now.keyPointsTotal}`,
          },
        ]
      : []),
    {
      label: 'Filler words',
      before: String(o.first.fillerCount),
      after: String(o.now.fillerCount),
    },
    { label: 'Length', before: `${o.first.wordCount} words`, after: `${o.now.wordCount} words` },
  ];
  return (
    <Card data-testid="retry-outcome">
      <CardHeader>
        <CardTitle>Your retry of this question</CardTitle>
        <CardDescription>{o.question}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex flex-wrap items-baseline gap-x-3 text-lg">
          <span>
            First try <strong data-testid="retry-first-score">{score(o.first)}</strong>
          </span>
          <span aria-hidden>→</span>
          <span className="sr-only">then</span>
          <span>
            now{' '}
            <strong data-testid="retry-now-score">
              {o.status === 'completed' ? score(o.now) : '…'}
            </strong>
          </span>
          {delta !== null ? (
            <span
              className={cn(
                'text-sm font-semibold',
                delta > 0 && 'text-green-700 dark:text-green-400',
                delta < 0 && 'text-red-700 dark:text-red-400',
              )}
            >
              ({delta > 0 ? '+' : ''}
              {delta})
            </span>
          ) : null}
        </p>
        {o.status === 'pending' ? (
          <p className="text-sm text-muted-foreground">This retry's report is still being made.</p>
        ) : null}
        <table className="w-full text-sm">
          <caption className="sr-only">What changed since the first try</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="font-medium"></th>
              <th scope="col" className="font-medium">
                First try
              </th>
              <th scope="col" className="font-medium">
                Now
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-border">
                <th scope="row" className="py-1.5 text-left font-medium">
                  {r.label}
                </th>
                <td>{r.before}</td>
                <td>{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {o.newlyCovered.length > 0 ? (
          <div>
            <p className="text-sm font-medium">Key points newly covered</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {o.newlyCovered.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {o.noLongerCovered.length > 0 ? (
          <div>
            <p className="text-sm font-medium">Covered the first time, missed now</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
              {o.noLongerCovered.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Link
          to={`/reports/${o.first.interviewId}`}
          className="text-sm font-medium text-primary hover:underline"
        >
          Open the first try's report
        </Link>
      </CardContent>
    </Card>
  );
}
