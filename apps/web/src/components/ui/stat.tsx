import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Card } from './card';

/** One figure in a card above a list: what it counts, and how many. */
export function Stat({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Card className="p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={cn('text-3xl font-bold', className)} data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}
