import { storiesThatFit } from '@candor/shared';
import { BookOpen } from 'lucide-react';
import { useStories } from '../api/stories';

/**
 * On the pre-start screen (issue 30): the saved stories whose skills fit the set's, so the
 * candidate walks in with an example ready. Nothing shows when none fits.
 */
export function StoriesThatFit({ skills }: { skills: string[] }) {
  const { data } = useStories();
  const fit = storiesThatFit(data ?? [], skills).slice(0, 5);
  if (fit.length === 0) return null;
  return (
    <section
      aria-labelledby="stories-that-fit"
      className="rounded-lg border border-border p-4 text-sm"
      data-testid="stories-that-fit"
    >
      <h2 id="stories-that-fit" className="flex items-center gap-2 font-semibold">
        <BookOpen className="size-4" aria-hidden /> Your stories that fit this interview
      </h2>
      <ul className="mt-2 space-y-1">
        {fit.map((s) => (
          <li key={s.id}>
            <span className="font-medium">{s.title}</span>
            <span className="text-muted-foreground"> — {s.skills.join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
