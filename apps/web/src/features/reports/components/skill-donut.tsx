import type { SkillScore } from '@candor/shared';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { skillColour } from './skill-legend';

/**
 * The skill-proficiency donut (recharts), loaded after the report's text. Its figures are in the
 * legend beside it (SkillLegend: names and values in words), so the drawing itself is hidden from
 * screen readers rather than read as an unlabelled picture.
 */
export function SkillDonut({ skills }: { skills: SkillScore[] }) {
  return (
    <div aria-hidden className="size-full">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={skills}
            dataKey="score"
            nameKey="skill"
            innerRadius="55%"
            outerRadius="85%"
            // One skill fills the ring: no gap, and no light edge on a dark card.
            paddingAngle={skills.length > 1 ? 2 : 0}
            // Drawn at once: the animation is main-thread work on a slow device.
            isAnimationActive={false}
            // Not a keyboard stop: the legend beside it says the same in words.
            rootTabIndex={-1}
            stroke={skills.length > 1 ? 'var(--card)' : 'none'}
          >
            {skills.map((s, i) => (
              <Cell key={s.skill} fill={skillColour(i)} />
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
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
