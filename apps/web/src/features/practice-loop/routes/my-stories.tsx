import { STAR_PARTS, STORY_LIMITS, type Story } from '@candor/shared';
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format-date';
import { useCreateStory, useDeleteStory, useStories, useUpdateStory } from '../api/stories';
import { PART_LABELS, StoryForm, type StoryFields } from '../components/story-form';

const BLANK: StoryFields = {
  title: '',
  situation: '',
  task: '',
  action: '',
  result: '',
  skills: [],
};

/**
 * My stories (issue 30): the candidate's STAR stories, to read before an interview, edit, delete
 * or add by hand. Saved from a behavioural answer on a report too; offered on the pre-start screen
 * of a set they fit.
 */
export function MyStoriesPage() {
  const stories = useStories();
  const [editing, setEditing] = useState<Story | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const add = (
    <Button type="button" onClick={() => setEditing('new')}>
      <Plus aria-hidden /> Add a story
    </Button>
  );

  let body;
  if (stories.isPending) body = <LoadingState text="Loading your stories..." />;
  else if (stories.isError)
    body = (
      <ErrorState
        title="Failed to load your stories"
        message={errorMessage(stories.error, 'Please try again.')}
        onRetry={() => void stories.refetch()}
      />
    );
  else if (stories.data.length === 0)
    body = (
      <EmptyState
        icon={<BookOpen className="size-10 text-muted-foreground" aria-hidden />}
        title="No stories yet"
        message="Keep the stories you tell in interviews here: a situation, your task, what you did and the result. Add one by hand, or save one from a behavioural answer in a report."
        action={add}
      />
    );
  else
    body = (
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your stories">
        {stories.data.map((s) => (
          <li key={s.id}>
            <StoryCard story={s} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />
          </li>
        ))}
      </ul>
    );

  const full = (stories.data?.length ?? 0) >= STORY_LIMITS.max;
  return (
    <div>
      <PageHeader
        title="My stories"
        description="Your STAR stories, ready for the behavioural questions: the pre-start screen lists those that fit an interview."
        actions={stories.data && stories.data.length > 0 && !full ? add : undefined}
      />
      {body}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Add a story' : 'Edit the story'}
        description="Situation, task, action and result: what happened, what was yours to do, what you did and how it ended."
        wide
      >
        {editing !== null ? (
          <StoryEditor story={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <DeleteStory story={deleting} onDone={() => setDeleting(null)} />
    </div>
  );
}

function StoryCard({
  story,
  onEdit,
  onDelete,
}: {
  story: Story;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `story-${story.id}`;
  return (
    <Card role="article" className="flex h-full flex-col gap-3 p-5" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="font-semibold">
          {story.title}
        </h2>
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Edit ${story.title}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Delete ${story.title}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {story.skills.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Skills it shows">
          {story.skills.map((skill) => (
            <li key={skill}>
              <Badge tone="primary">{skill}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="space-y-2 text-sm">
        {STAR_PARTS.map((p) => (
          <div key={p}>
            <dt className="font-medium">{PART_LABELS[p]}</dt>
            <dd className={story[p] ? 'text-muted-foreground' : 'italic text-muted-foreground'}>
              {story[p] || 'Not written yet'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto text-xs text-muted-foreground">
        {story.interviewId ? (
          <>
            Saved from{' '}
            <Link to={`/reports/${story.interviewId}`} className="text-primary hover:underline">
              an interview's report
            </Link>
            ,{' '}
          </>
        ) : null}
        last changed {formatDay(story.updatedAt)}
      </p>
    </Card>
  );
}

function StoryEditor({ story, onDone }: { story: Story | null; onDone: () => void }) {
  const create = useCreateStory();
  const update = useUpdateStory();
  const save = story ? update : create;
  return (
    <StoryForm
      initial={story ?? BLANK}
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error, 'Could not save the story') : null}
      submitLabel={story ? 'Save changes' : 'Add story'}
      onCancel={onDone}
      onSubmit={(fields) => {
        if (!story) {
          create.mutate(fields, { onSuccess: onDone });
          return;
        }
        // The answer it was saved from stays linked.
        const body = {
          ...fields,
          interviewId: story.interviewId,
          questionIndex: story.questionIndex,
        };
        update.mutate({ id: story.id, body }, { onSuccess: onDone });
      }}
    />
  );
}

function DeleteStory({ story, onDone }: { story: Story | null; onDone: () => void }) {
  const remove = useDeleteStory();
  return (
    <>
      <ConfirmDialog
        open={story !== null}
        onOpenChange={(open) => !open && onDone()}
        title="Delete this story?"
        message={`"${story?.title ?? ''}" will be deleted from My stories. This cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() => story && remove.mutate(story.id, { onSuccess: onDone })}
      />
      {remove.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {errorMessage(remove.error, 'Could not delete the story')}
        </p>
      ) : null}
    </>
  );
}
