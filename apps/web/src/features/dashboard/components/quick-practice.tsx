import { LIMITS, interviewStartPath, type InterviewSetSummary } from '@candor/shared';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, difficultyTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const description = (set: InterviewSetSummary) =>
  set.description || `Practice ${set.categoryName} interview questions and scenarios.`;

/**
 * The Dashboard's Quick Practice Interview list: sets an administrator marked Show on Home, in the
 * server's order (the candidate's experience level first).
 */
export function QuickPractice({ sets }: { sets: InterviewSetSummary[] }) {
  return (
    <section aria-labelledby="quick-practice-heading" className="space-y-4">
      <h2 id="quick-practice-heading" className="text-lg font-semibold">
        Quick Practice Interview
      </h2>
      {sets.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No quick practice interviews yet. Browse all sets on the Practice page.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {sets.map((set) => (
            <Card key={set.id} className="flex flex-col p-5" data-testid="quick-practice-card">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {set.categoryName}
                </span>
                <Badge
                  tone={difficultyTone(set.difficulty)}
                  className="capitalize"
                  data-testid="set-difficulty"
                >
                  {set.difficulty}
                </Badge>
              </div>
              <h3 className="font-semibold">{set.title}</h3>
              {/* Three whole lines, then an ellipsis (a stretched clamp showed half a third line);
                  the title shows the rest on hover. */}
              <p
                className="mt-1 line-clamp-3 text-sm text-muted-foreground"
                title={description(set)}
              >
                {description(set)}
              </p>
              {set.topics.length > 0 ? (
                <div className="mt-3 flex flex-wrap gap-1.5">
                  {set.topics.slice(0, LIMITS.cardTopicsShown).map((t) => (
                    <Badge key={t}>{t}</Badge>
                  ))}
                  {set.topics.length > LIMITS.cardTopicsShown ? (
                    <Badge tone="primary">+{set.topics.length - LIMITS.cardTopicsShown} more</Badge>
                  ) : null}
                </div>
              ) : null}
              {/* At the card's bottom, so the Start buttons of a row share one line. */}
              <div className="mt-auto flex items-center justify-between pt-4">
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <Clock className="size-3.5" aria-hidden /> {set.duration} min
                </span>
                <Button asChild size="sm">
                  <Link to={interviewStartPath(set)} aria-label={`Start Interview: ${set.title}`}>
                    Start Interview
                  </Link>
                </Button>
              </div>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
