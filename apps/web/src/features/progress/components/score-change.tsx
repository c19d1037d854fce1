import { PERFORMANCE_CATEGORIES } from '@candor/shared';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useComparison } from '../api/get-comparison';
import { formatDay } from '@/lib/format-date';

const ROWS = [
  ['overall', 'Overall'],
  ...PERFORMANCE_CATEGORIES.map((c) => [c.key, c.label] as const),
] as const;

/** Beyond the specification: how this attempt compares with the previous one of the same set. */
export function ScoreChange({ interviewId }: { interviewId: string }) {
  const { data } = useComparison(interviewId);
  if (!data?.previous) return null;
  const { current, previous } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Since your previous attempt</CardTitle>
        <CardDescription>
          Compared with your attempt of {formatDay(previous.completedAt) || 'earlier'}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-4">
          {ROWS.map(([key, label]) => {
            const now = current[key];
            const before = previous[key];
            const delta = now !== null && before !== null ? now - before : null;
            const Icon =
              delta === null || delta === 0 ? Minus : delta > 0 ? ArrowUpRight : ArrowDownRight;
            return (
              <div
                key={key}
                className="rounded-lg border border-border p-3"
                data-testid={`change-${key}`}
              >
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd
                  className={cn(
                    'flex items-center gap-1 text-xl font-bold',
                    delta !== null && delta > 0 && 'text-green-700 dark:text-green-400',
                    delta !== null && delta < 0 && 'text-red-700 dark:text-red-400',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                  {delta === null ? 'n/a' : `${delta > 0 ? '+' : ''}${delta}`}
                </dd>
                <dd className="text-xs text-muted-foreground">
                  {before ?? '–'} → {now ?? '–'}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}
