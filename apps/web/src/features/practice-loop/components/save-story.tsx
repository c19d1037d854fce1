import { STAR_PARTS, type QuestionReport, type StoryDraft } from '@candor/shared';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateStory, useStories, useStoryDraft } from '../api/stories';
import { PART_LABELS, StoryForm } from './story-form';
import { StoryUsed } from './story-used';

/**
 * "Save as a story" under a behavioural answer (issue 30): the answer sorted into situation, task,
 * action and result, pre-filled and editable, saved to My stories.
 */
export function SaveStoryButton({
  interviewId,
  question,
  index,
}: {
  interviewId: string;
  question: QuestionReport;
  index: number;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const storyAnswer = question.kind === 'behavioural' && question.answer.trim() !== '';
  if (!storyAnswer) return null;
  return (
    <div className="mt-3">
      {question.storyUse ? (
        <StoryUsed use={question.storyUse} index={index} />
      ) : (
        // Reports made before the report judged stories: the draft's reading.
        <StarCoverage interviewId={interviewId} index={index} />
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookmarkPlus className="size-4" aria-hidden />
        Save as a story
      </Button>
      {saved ? (
        <span role="status" className="ml-2 text-xs text-muted-foreground">
          Saved to My stories.
        </span>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Save as a story"
        description="Your answer, sorted into situation, task, action and result. Edit it before you save."
        wide
      >
        {open ? (
          <StoryDraftForm
            interviewId={interviewId}
            index={index}
            onDone={() => {
              setOpen(false);
              setSaved(true);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/**
 * Whether the answer covered each STAR part, and the story saved from it (issue 30): read from
 * the same draft the form is pre-filled with.
 */
function StarCoverage({ interviewId, index }: { interviewId: string; index: number }) {
  const draft = useStoryDraft(interviewId, index, true);
  const stories = useStories();
  const saved = stories.data?.find(
    (s) => s.interviewId === interviewId && s.questionIndex === index,
  );
  if (!draft.data) return null;
  const covered = draft.data.covered;
  return (
    <div className="mb-2 text-sm" data-testid="star-coverage">
      <p>
        <span className="font-medium">STAR: </span>
        {STAR_PARTS.map((p, i) => (
          <span key={p}>
            {i > 0 ? ' · ' : ''}
            {PART_LABELS[p]} {covered[p] ? 'covered' : 'missing'}
          </span>
        ))}
      </p>
      {saved ? (
        <p className="text-muted-foreground">
          Your story: <span className="font-medium">{saved.title}</span>
        </p>
      ) : null}
    </div>
  );
}

function StoryDraftForm(props: {
  interviewId: string;
  index: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const draft = useStoryDraft(props.interviewId, props.index, true);
  if (draft.isPending) return <LoadingState text="Reading your answer..." />;
  if (draft.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(draft.error, 'Could not read this answer')}
      </p>
    );
  return <DraftStoryForm draft={draft.data} {...props} />;
}

function DraftStoryForm({
  draft,
  onDone,
  onCancel,
}: {
  draft: StoryDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useCreateStory();
  const missing = STAR_PARTS.filter((p) => !draft.covered[p]);
  return (
    <StoryForm
      initial={draft}
      notice={
        missing.length > 0
          ? `Your answer had no ${missing.map((p) => PART_LABELS[p].toLowerCase()).join(' or ')} of its own: add it here.`
          : undefined
      }
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error, 'Could not save the story') : null}
      submitLabel="Save story"
      onCancel={onCancel}
      onSubmit={(fields) =>
        save.mutate(
          { ...fields, interviewId: draft.interviewId, questionIndex: draft.questionIndex },
          { onSuccess: onDone },
        )
      }
    />
  );
}
