import {
  INTERVIEW_TYPE_LABELS,
  interviewStartPath,
  type InterviewSetSummary,
} from '@candor/shared';
import { CheckCircle2, Clock, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, TopicBadges, difficultyTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function SetCard({ set }: { set: InterviewSetSummary }) {
  const description =
    set.description || `Practice ${set.categoryName} interview questions and scenarios.`;
  return (
    <Card className="flex flex-col p-5 transition-shadow hover:shadow-md" data-testid="set-card">
      <div className="mb-3 flex items-center justify-between gap-2">
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {set.categoryName}
        </span>
        <Badge tone={difficultyTone(set.difficulty)} className="capitalize">
          {set.difficulty}
        </Badge>
      </div>
      <h3 className="text-lg font-semibold leading-snug">{set.title}</h3>
      {/* At most three whole lines, then an ellipsis; the title shows the rest on hover. */}
      <p className="mt-1 line-clamp-3 text-sm text-muted-foreground" title={description}>
        {description}
      </p>
      <TopicBadges topics={set.topics} label="Topics" />
      {/* The footer sits at the card's bottom, so Start buttons in a row share one line. */}
      <div className="mt-auto pt-4" data-testid="set-card-footer">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden /> {set.duration} min
          </span>
          <span className="flex items-center gap-1">
            <Layers className="size-3.5" aria-hidden /> {INTERVIEW_TYPE_LABELS[set.type]}
          </span>
          <span className="flex items-center gap-1">
            <CheckCircle2 className="size-3.5" aria-hidden /> {set.completedCount ?? 0} completed
          </span>
        </div>
        <Button asChild className="mt-5 w-full">
          <Link to={interviewStartPath(set)} aria-label={`Start Practice: ${set.title}`}>
            Start Practice
          </Link>
        </Button>
      </div>
    </Card>
  );
}
