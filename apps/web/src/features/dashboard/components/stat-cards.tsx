import { statCardBand, type UserStats } from '@candor/shared';
import { Award, CheckCircle2, ListChecks } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const BAND = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-400',
  red: 'text-red-700 dark:text-red-400',
  grey: '',
};

export function StatCards({ stats }: { stats: UserStats }) {
  const avg = stats.averageScore;
  const cards = [
    {
      label: 'Total Interviews',
      value: String(stats.totalInterviews),
      icon: ListChecks,
      band: undefined,
    },
    {
      label: 'Completed',
      value: `${stats.completedInterviews}/${stats.totalInterviews}`,
      icon: CheckCircle2,
      band: undefined,
    },
    {
      label: 'Avg. Score',
      // No scored attempt yet: 'N/A' rather than a misleading 0%.
      value: avg === null ? 'N/A' : `${avg}%`,
      icon: Award,
      band: avg === null ? undefined : statCardBand(avg),
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ label, value, icon: Icon, band }) => (
        <Card key={label} className="flex items-center gap-4 p-5">
          <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-muted-foreground">{label}</p>
            <p
              className={cn('text-2xl font-bold', band && BAND[band])}
              data-testid={`stat-${label}`}
              data-band={band}
            >
              {value}
            </p>
          </div>
        </Card>
      ))}
    </div>
  );
}
