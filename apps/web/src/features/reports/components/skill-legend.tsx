import type { SkillScore } from '@candor/shared';

/** The donut's colours, cycled over the skills (9, as the specification says). */
export const SKILL_COLOURS = [
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

export const skillColour = (index: number) => SKILL_COLOURS[index % SKILL_COLOURS.length]!;

/**
 * The skill-proficiency donut's legend: each skill's colour, name and score in words, so the
 * figures never depend on telling colours apart or hovering, and a screen reader reads them. It is
 * plain HTML outside the lazily loaded chart, so it is there before the chart is drawn.
 */
export function SkillLegend({ skills }: { skills: SkillScore[] }) {
  return (
    <ul aria-label="Skill scores" className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-2">
      {skills.map((s, i) => (
        <li key={s.skill} className="flex min-w-0 items-center gap-2" data-testid="skill-score">
          <span
            aria-hidden
            className="size-3 shrink-0 rounded-sm"
            style={{ background: skillColour(i) }}
          />
          <span className="min-w-0 flex-1 truncate" title={s.skill}>
            {s.skill}
          </span>
          <span className="shrink-0 font-semibold tabular-nums">
            {Math.round(s.score)}
            <span className="font-normal text-muted-foreground">/100</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
