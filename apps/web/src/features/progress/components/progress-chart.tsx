import type { UserStats } from '@candor/shared';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WhenVisible } from '@/components/ui/when-visible';
import { useUserStats } from '@/lib/user-stats';
import { PractiseNext } from './practise-next';

// Recharts is a large download and seconds of work on a slow phone: the chart comes after the
// page and the cards around it, and only once it is scrolled near.
const ProgressLineChart = lazy(() =>
  import('./progress-line-chart').then((m) => ({ default: m.ProgressLineChart })),
);

/**
 * Beyond the specification: overall and per-dimension scores over time and what to practise next.
 * Renders nothing until there is a scored attempt (or while the stats load or fail: the page that
 * composes it shows those states).
 */
export function ProgressPanel() {
  const { data } = useUserStats();
  if (!data || data.trend.length === 0) return null;
  return <ProgressChart stats={data} />;
}

export function ProgressChart({ stats }: { stats: UserStats }) {
  const data = stats.trend.map((p, i) => ({ ...p, label: `#${i + 1}` }));
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Your progress</CardTitle>
          <CardDescription>
            Overall and per-dimension scores of your completed interviews, oldest first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WhenVisible className="h-64">
            <Suspense fallback={null}>
              <ProgressLineChart data={data} />
            </Suspense>
          </WhenVisible>
        </CardContent>
      </Card>
      {stats.practiseNext ? <PractiseNext suggestion={stats.practiseNext} /> : null}
    </div>
  );
}
