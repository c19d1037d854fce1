import { STAR_PARTS, storyBodySchema, type StoryDraft } from '@candor/shared';
import { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { FormActions, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField, TextareaField } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateStory, useStoryDraft } from '../api/stories';
import { PART_LABELS } from './star-parts';

/** The form's skills are one line, comma-separated; the API's are a list. */
const formSchema = storyBodySchema
  .pick({ title: true, situation: true, task: true, action: true, result: true })
  .extend({ skills: z.string().max(800, 'skills must be at most 800 characters') });
type FormValues = z.input<typeof formSchema>;

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
  return <StoryForm draft={draft.data} {...props} />;
}

function StoryForm({
  draft,
  onDone,
  onCancel,
}: {
  draft: StoryDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useCreateStory();
  const form = useZodForm(formSchema, {
    defaultValues: { ...draft, skills: draft.skills.join(', ') } satisfies FormValues,
  });
  const missing = STAR_PARTS.filter((p) => !draft.covered[p]);
  return (
    <form
      className="space-y-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          {
            ...values,
            skills: values.skills
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
            interviewId: draft.interviewId,
            questionIndex: draft.questionIndex,
          },
          { onSuccess: onDone },
        ),
      )}
    >
      {missing.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Your answer had no {missing.map((p) => PART_LABELS[p].toLowerCase()).join(' or ')} of its
          own: add it here.
        </p>
      ) : null}
      <TextField label="Title" {...fieldProps(form, 'title', 'story-title')} />
      {STAR_PARTS.map((p) => (
        <TextareaField
          key={p}
          label={PART_LABELS[p]}
          rows={2}
          {...fieldProps(form, p, `story-${p}`)}
        />
      ))}
      <TextField
        label="Skills it shows"
        hint="Separated by commas"
        {...fieldProps(form, 'skills', 'story-skills')}
      />
      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(save.error, 'Could not save the story')}
        </p>
      ) : null}
      <FormActions onCancel={onCancel} busy={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save story'}
      </FormActions>
    </form>
  );
}
