import { PERFORMANCE_CATEGORIES, type UserStats } from '@candor/shared';
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
import { formatDay } from '@/lib/format-date';

const COLOURS = {
  overall: '#6366f1',
  communication: '#10b981',
  problemSolving: '#f59e0b',
  confidence: '#ec4899',
} as const;
// The categories by the names the report gives them (one list, shared).
const LINES = [
  { key: 'overall' as const, name: 'Overall' },
  ...PERFORMANCE_CATEGORIES.map((c) => ({ key: c.key, name: c.label })),
].map((l) => ({ ...l, color: COLOURS[l.key] }));

type Point = UserStats['trend'][number] & { label: string };

/** The progress lines of one interview set (recharts), loaded after the dashboard itself. */
export function ProgressLineChart({ data }: { data: Point[] }) {
  return (
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
          // The line is one set, so the tooltip names the attempt and its day, not the set again.
          labelFormatter={(label, payload) => {
            const day = formatDay(payload?.[0]?.payload?.completedAt);
            return day ? `Attempt ${String(label)} · ${day}` : `Attempt ${String(label)}`;
          }}
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
            // Drawn at once: the animation is seconds of main-thread work on a slow device.
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
