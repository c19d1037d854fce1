import type { SkillScore } from '@candor/shared';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

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

/** The skill-proficiency donut (recharts), loaded after the report's text. */
export function SkillDonut({ skills }: { skills: SkillScore[] }) {
  return (
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
          // Drawn at once: the animation is main-thread work on a slow device.
          isAnimationActive={false}
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
  );
}
