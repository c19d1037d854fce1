import { STAR_PARTS, storyBodySchema, type QuestionReport, type StoryDraft } from '@candor/shared';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormActions, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField, TextareaField } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateStory, useStories, useStoryDraft } from '../api/stories';

/** The form's skills are one line, comma-separated; the API's are a list. */
const formSchema = storyBodySchema
  .pick({ title: true, situation: true, task: true, action: true, result: true })
  .extend({ skills: z.string().max(800, 'skills must be at most 800 characters') });
type FormValues = z.input<typeof formSchema>;

const PART_LABELS = {
  situation: 'Situation',
  task: 'Task',
  action: 'Action',
  result: 'Result',
} as const;

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
      <StarCoverage interviewId={interviewId} index={index} />
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
