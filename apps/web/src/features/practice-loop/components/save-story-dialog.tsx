import { STAR_PARTS, type StoryDraft } from '@candor/shared';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateStory, useStoryDraft } from '../api/stories';
import { PART_LABELS } from './star-parts';
import { StoryForm } from './story-form';

/**
 * The "Save as a story" dialog: the answer's draft, editable, saved to My stories. Its own chunk
 * (the form library, zod's schemas and the dialog are most of a report's first load otherwise):
 * save-story.tsx loads it when the candidate reaches for the button.
 */
export default function SaveStoryDialog({
  open,
  onOpenChange,
  interviewId,
  index,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  interviewId: string;
  index: number;
  onSaved: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as a story"
      description="Your answer, sorted into situation, task, action and result. Edit it before you save."
      wide
    >
      {open ? (
        <StoryDraftForm
          interviewId={interviewId}
          index={index}
          onDone={() => {
            onOpenChange(false);
            onSaved();
          }}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
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
