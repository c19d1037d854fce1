import type { SkillScore } from '@candor/shared';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const COLOURS = [
  '#6366f1',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#f97316',
];

function Bar({ label, value }: { label: string; value: number | undefined }) {
  const v = Math.round(value ?? 0);
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold">{v}%</span>
      </div>
      <div
        className="h-2.5 rounded-full bg-muted"
        role="meter"
        aria-label={label}
        aria-valuenow={v}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-2.5 rounded-full bg-primary" style={{ width: `${v}%` }} />
      </div>
    </div>
  );
}

export function PerformanceBreakdown({
  communication,
  problemSolving,
  confidence,
  skills,
}: {
  communication?: number;
  problemSolving?: number;
  confidence?: number;
  skills?: SkillScore[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Breakdown</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <Bar label="Communication" value={communication} />
          <Bar label="Problem Solving" value={problemSolving} />
          <Bar label="Confidence" value={confidence} />
        </div>
        <div className="h-64">
          {skills && skills.length > 0 ? (
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={skills}
                  dataKey="score"
                  nameKey="skill"
                  innerRadius="55%"
                  outerRadius="80%"
                  // One skill fills the ring: no gap, and no light edge on a dark card.
                  paddingAngle={skills.length > 1 ? 2 : 0}
                  stroke="var(--card)"
                >
                  {skills.map((s, i) => (
                    <Cell key={s.skill} fill={COLOURS[i % COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip
                  formatter={(v) => `${Math.round(Number(v))}/100`}
                  contentStyle={{
                    background: 'var(--card)',
                    border: '1px solid var(--border)',
                    color: 'var(--foreground)',
                  }}
                />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          ) : (
            <p className="text-sm text-muted-foreground">
              No score breakdown available for this interview.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function ListCard({ title, items }: { title: string; items: string[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items && items.length > 0 ? (
          <ul className="list-disc space-y-1.5 pl-5 text-sm">
            {items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No {title.toLowerCase()} identified.</p>
        )}
      </CardContent>
    </Card>
  );
}
