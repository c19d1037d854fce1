import { PERFORMANCE_CATEGORIES, skillName, type SkillScore } from '@candor/shared';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { WhenVisible } from '@/components/ui/when-visible';
import { cn } from '@/lib/utils';
import { SkillLegend } from './skill-legend';

// Recharts is a large download and seconds of work on a slow phone: the donut comes after the
// report's text, and only once it is scrolled near. Its legend (names and values) is plain HTML,
// there at once.
const SkillDonut = lazy(() => import('./skill-donut').then((m) => ({ default: m.SkillDonut })));

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
  skills: given,
}: {
  communication?: number;
  problemSolving?: number;
  confidence?: number;
  skills?: SkillScore[];
}) {
  const values = { communication, problemSolving, confidence };
  // A skill named like a category is named as its questions (a report stored before the server
  // did so): "Communication" must not read 67 in the chart beside 82 in the bars (issue 28).
  const skills = given?.map((s) => ({ ...s, skill: skillName(s.skill) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Breakdown</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          {PERFORMANCE_CATEGORIES.map((c) => (
            <Bar key={c.key} label={c.label} value={values[c.key]} />
          ))}
        </div>
        {skills && skills.length > 0 ? (
          <div className="space-y-4">
            <h3 className="text-sm font-medium">Skill proficiency</h3>
            <WhenVisible className="mx-auto h-44 w-full max-w-56">
              <Suspense fallback={null}>
                <SkillDonut skills={skills} />
              </Suspense>
            </WhenVisible>
            <SkillLegend skills={skills} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            No score breakdown available for this interview.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function ListCard({
  title,
  items,
  className,
  wide = false,
}: {
  title: string;
  items: string[] | undefined;
  className?: string;
  /** A full-width card: its items flow into two columns on a wide screen. */
  wide?: boolean;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items && items.length > 0 ? (
          <ul
            className={cn(
              'list-disc space-y-1.5 pl-5 text-sm',
              wide && 'md:columns-2 md:gap-10 [&>li]:break-inside-avoid',
            )}
          >
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
