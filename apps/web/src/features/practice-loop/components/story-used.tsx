import { STAR_PARTS, type StoryUse } from '@candor/shared';
import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { PART_LABELS } from './star-parts';

/**
 * Under a behavioural answer (issue 30): which saved story it told, and each STAR part in the
 * answer's own words or "missing", as the report judged it (against the stories saved by then).
 */
export function StoryUsed({ use, index }: { use: StoryUse; index: number }) {
  return (
    <section
      aria-label={`The story answer ${index + 1} used`}
      className="mb-3 rounded-md border border-border p-3 text-sm"
      data-testid="story-used"
    >
      <p className="flex flex-wrap items-center gap-1.5">
        <BookOpen className="size-4 text-muted-foreground" aria-hidden />
        {use.story ? (
          <>
            Your story:{' '}
            <Link to="/stories" className="font-medium text-primary hover:underline">
              {use.story.title}
            </Link>
          </>
        ) : (
          <span className="text-muted-foreground">None of your saved stories</span>
        )}
      </p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {STAR_PARTS.map((p) => {
          const quote = use.star[p];
          return (
            <div key={p} className="contents">
              <dt className="font-medium">{PART_LABELS[p]}</dt>
              <dd className={quote ? undefined : 'font-medium text-destructive'}>
                {quote ? <q className="italic text-muted-foreground">{quote}</q> : 'Missing'}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {use.judgedBy === 'model' ? 'Read by the AI model' : 'Read by the builtin reader'} when this
        report was made, against the stories you had saved then.
      </p>
    </section>
  );
}
