import { INTERVIEW_TYPE_LABELS, type InterviewSet } from '@candor/shared';
import { Bot, Clock, ListChecks, Loader2, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, TopicBadges, difficultyTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteIconButton } from './delete-icon-button';

/** One interview set in the admin grid: badges, meta, at most 3 topics, then its actions. */
export function AdminSetCard({
  set,
  opening = false,
  onEdit,
  onDelete,
}: {
  set: InterviewSet;
  /** The edit form is being prepared (its questions are loading). */
  opening?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex flex-col p-5" data-testid="set-card">
      <div className="mb-2 flex flex-wrap items-center gap-1.5">
        <Badge tone={difficultyTone(set.difficulty)} className="capitalize">
          {set.difficulty}
        </Badge>
        <Badge>{INTERVIEW_TYPE_LABELS[set.type]}</Badge>
        {set.showHome ? <Badge tone="primary">Home</Badge> : null}
        {!set.isActive ? <Badge tone="grey">Inactive</Badge> : null}
      </div>
      <h3 className="font-semibold leading-snug">{set.title}</h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
        <span>{set.categoryName}</span>
        <span aria-hidden>·</span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3" aria-hidden />
          {set.duration} min
        </span>
        {set.type === 'fixed' ? (
          <>
            <span aria-hidden>·</span>
            <span>
              {set._count.questions} question{set._count.questions === 1 ? '' : 's'}
            </span>
          </>
        ) : null}
      </p>
      {/* The clamp sits inside the growing box, so a third line never peeks out. */}
      <div className="mt-2 flex-1">
        <p className="line-clamp-2 text-sm text-muted-foreground">{set.description}</p>
      </div>
      <TopicBadges topics={set.topics} label={`Topics of ${set.title}`} />
      <div className="mt-4 flex items-center gap-2 border-t border-border pt-4">
        {set.type === 'fixed' ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={`/admin/questions/${set.id}`} aria-label={`Manage Questions: ${set.title}`}>
              <ListChecks aria-hidden /> Manage Questions
            </Link>
          </Button>
        ) : (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Bot className="size-3.5" aria-hidden /> AI-led questions
          </span>
        )}
        <div className="ml-auto flex gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            disabled={opening}
            aria-busy={opening}
            aria-label={`Edit ${set.title}`}
          >
            {opening ? <Loader2 className="animate-spin" aria-hidden /> : <Pencil aria-hidden />}{' '}
            Edit
          </Button>
          <DeleteIconButton name={set.title} onDelete={onDelete} />
        </div>
      </div>
    </Card>
  );
}
