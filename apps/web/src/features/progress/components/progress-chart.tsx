import type { UserStats } from '@candor/shared';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useProgress } from '../api/get-progress';
import { PractiseNext } from './practise-next';

const LINES = [
  { key: 'overall', name: 'Overall', color: '#6366f1' },
  { key: 'communication', name: 'Communication', color: '#10b981' },
  { key: 'problemSolving', name: 'Problem Solving', color: '#f59e0b' },
  { key: 'confidence', name: 'Confidence', color: '#ec4899' },
] as const;

/**
 * Beyond the specification: overall and per-dimension scores over time and what to practise next.
 * Renders nothing until there is a scored attempt (or while the stats load or fail: the page that
 * composes it shows those states).
 */
export function ProgressPanel() {
  const { data } = useProgress();
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
        <CardContent className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey="label" stroke="var(--muted-foreground)" fontSize={12} />
              <YAxis domain={[0, 100]} stroke="var(--muted-foreground)" fontSize={12} />
              <Tooltip
                contentStyle={{
                  background: 'var(--card)',
                  border: '1px solid var(--border)',
                  color: 'var(--foreground)',
                }}
                labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''}
              />
              <Legend />
              {LINES.map((l) => (
                <Line
                  key={l.key}
                  type="monotone"
                  dataKey={l.key}
                  name={l.name}
                  stroke={l.color}
                  strokeWidth={l.key === 'overall' ? 3 : 2}
                  dot={{ r: 3 }}
                  connectNulls
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      {stats.practiseNext ? <PractiseNext suggestion={stats.practiseNext} /> : null}
    </div>
  );
}
