import { LIMITS } from '@candor/shared';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium',
  {
    variants: {
      tone: {
        neutral: 'border-border bg-muted text-muted-foreground',
        green:
          'border-green-600/20 bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
        yellow:
          'border-yellow-600/20 bg-yellow-100 text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-200',
        red: 'border-red-600/20 bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
        blue: 'border-blue-600/20 bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300',
        purple:
          'border-purple-600/20 bg-purple-100 text-purple-800 dark:bg-purple-900/40 dark:text-purple-300',
        grey: 'border-slate-500/20 bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
        primary: 'border-primary/20 bg-accent text-accent-foreground',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

/** The spec's difficulty colours: junior green, mid blue, senior purple, otherwise red. */
export function difficultyTone(difficulty: string): 'green' | 'blue' | 'purple' | 'red' {
  if (difficulty === 'junior') return 'green';
  if (difficulty === 'mid') return 'blue';
  if (difficulty === 'senior') return 'purple';
  return 'red';
}

/** A set's topics on its card: the first few as badges, then how many more (none: nothing). */
export function TopicBadges({ topics, label }: { topics: readonly string[]; label: string }) {
  const shown = topics.slice(0, LIMITS.cardTopicsShown);
  const more = topics.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={label}>
      {shown.map((t) => (
        <li key={t}>
          <Badge>{t}</Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge tone="primary">+{more} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}
