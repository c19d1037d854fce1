import type { UserStats } from '@candor/shared';
import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

/** Beyond the specification: the weakest recent skill or category, with a way to practise it. */
export function PractiseNext({
  suggestion,
}: {
  suggestion: NonNullable<UserStats['practiseNext']>;
}) {
  const isCategory = suggestion.kind === 'category';
  return (
    <Card className="p-5" aria-labelledby="practise-next-heading" role="region">
      <h2 id="practise-next-heading" className="flex items-center gap-2 font-semibold">
        <Lightbulb className="size-5 text-yellow-500" aria-hidden /> Practise next
      </h2>
      <p className="mt-3 text-sm text-muted-foreground">
        Your weakest {isCategory ? 'category' : 'area'} lately is{' '}
        <strong className="text-foreground">{suggestion.name}</strong> ({suggestion.score}%).
      </p>
      <Link
        to={isCategory ? `/practice?category=${encodeURIComponent(suggestion.name)}` : '/practice'}
        className="mt-4 inline-block text-sm font-medium text-primary hover:underline"
      >
        {isCategory ? `Practise ${suggestion.name}` : 'Find an interview to practise it'}
      </Link>
    </Card>
  );
}
