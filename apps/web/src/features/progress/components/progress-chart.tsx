import { PERFORMANCE_CATEGORIES, type UserStats } from '@candor/shared';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/input';
import { WhenVisible } from '@/components/ui/when-visible';
import { formatDay } from '@/lib/format-date';
import { useUserStats } from '@/lib/user-stats';
import { groupByCategory, seriesBySet, type SetSeries } from '../series';

// Recharts is a large download and seconds of work on a slow phone: the chart comes after the
// page and the cards around it, and only once it is scrolled near.
const ProgressLineChart = lazy(() =>
  import('./progress-line-chart').then((m) => ({ default: m.ProgressLineChart })),
);

const level = (s: SetSeries) => s.difficulty.charAt(0).toUpperCase() + s.difficulty.slice(1);
const attempts = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

/**
 * Beyond the specification: overall and per-dimension scores over time, with `aside` beside them
 * (the page's "Practise next"). Before the first scored attempt only `aside` shows (and nothing
 * while the stats load or fail: the page that composes it shows those states).
 */
export function ProgressPanel({ aside }: { aside?: ReactNode }) {
  const { data } = useUserStats();
  if (!data || data.trend.length === 0) return aside ?? null;
  return <ProgressChart stats={data} aside={aside} />;
}

/**
 * One interview set at one level at a time: scores of different sets and levels are not
 * comparable, so the chart never joins them in one line. The set practised most recently is
 * shown first; a selector, grouped by category, shows any other.
 */
export function ProgressChart({
  stats,
  title = 'Your progress',
  aside,
}: {
  stats: UserStats;
  title?: string;
  /** Beside the chart: the candidate's "Practise next" (a coach's read-only view has none). */
  aside?: ReactNode;
}) {
  const series = seriesBySet(stats.trend);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const current = series.find((s) => s.key === chosen) ?? series[0];
  if (!current) return null;
  const data = current.points.map((p, i) => ({ ...p, label: `#${i + 1}` }));
  const first = current.points[0]!;
  const last = current.points[current.points.length - 1]!;
  return (
    <div className={aside ? 'grid gap-4 lg:grid-cols-[2fr_1fr]' : undefined}>
      <Card className="min-w-0">
        <CardHeader className="gap-3">
          <div>
            <CardTitle>{title}</CardTitle>
            <CardDescription className="mt-1.5">
              Scores of one interview set at one level, oldest attempt first, so each attempt is
              compared with like.
            </CardDescription>
          </div>
          {series.length > 1 ? (
            <div className="space-y-1.5">
              <Label htmlFor={selectId} className="block">
                Interview set
              </Label>
              <Select
                id={selectId}
                value={current.key}
                onChange={(e) => setChosen(e.target.value)}
                className="sm:max-w-md"
              >
                {groupByCategory(series).map(([category, items]) => (
                  <optgroup key={category} label={category}>
                    {items.map((s) => (
                      <option key={s.key} value={s.key}>
                        {s.title} · {level(s)} ({attempts(s.points.length)})
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </div>
          ) : (
            <p className="text-sm font-medium">
              {current.title} · {level(current)}{' '}
              <span className="font-normal text-muted-foreground">({current.categoryName})</span>
            </p>
          )}
        </CardHeader>
        <CardContent>
          <p className="mb-3 text-sm text-muted-foreground" data-testid="progress-summary">
            {current.points.length === 1
              ? `One attempt so far (${formatDay(first.completedAt)}): take this set again to see your trend.`
              : `${attempts(current.points.length)} from ${formatDay(first.completedAt)} to ${formatDay(last.completedAt)}: overall ${first.overall}% → ${last.overall}%.`}
          </p>
          <WhenVisible className="h-64">
            <Suspense fallback={null}>
              <ProgressLineChart data={data} />
            </Suspense>
          </WhenVisible>
          <ScoresTable points={data} />
        </CardContent>
      </Card>
      {aside}
    </div>
  );
}

const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * The chart's figures as a table: the lines in words, for a screen reader, for a reader who cannot
 * tell the colours apart, and for anyone comparing one attempt with its report (the same numbers).
 */
function ScoresTable({ points }: { points: (UserStats['trend'][number] & { label: string })[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-muted-foreground">Scores as a table</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left tabular-nums" data-testid="progress-table">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Attempt
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Overall
              </th>
              {PERFORMANCE_CATEGORIES.map((c) => (
                <th key={c.key} scope="col" className="py-1 pr-3 font-medium">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr
                key={p.interviewId}
                data-attempt={p.interviewId}
                className="border-t border-border"
              >
                <th scope="row" className="py-1 pr-3 font-normal">
                  {p.label} · {formatDay(p.completedAt)}
                </th>
                <td className="py-1 pr-3">{percent(p.overall)}</td>
                {PERFORMANCE_CATEGORIES.map((c) => (
                  <td key={c.key} className="py-1 pr-3">
                    {percent(p[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
