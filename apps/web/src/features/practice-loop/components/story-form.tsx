import { STAR_PARTS, storyBodySchema, type StoryBody } from '@candor/shared';
import { z } from 'zod';
import { FormActions, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField, TextareaField } from '@/components/ui/input';
import { PART_LABELS } from './star-parts';

export { PART_LABELS };

/** The form's skills are one line, comma-separated; the API's are a list. */
const formSchema = storyBodySchema
  .pick({ title: true, situation: true, task: true, action: true, result: true })
  .extend({ skills: z.string().max(800, 'skills must be at most 800 characters') });
type FormValues = z.input<typeof formSchema>;

export type StoryFields = Pick<
  StoryBody,
  'title' | 'situation' | 'task' | 'action' | 'result' | 'skills'
>;

/**
 * A story's title, STAR parts and skills (issue 30): saved from an answer, added by hand or
 * edited on My stories. `onSubmit` gets the fields as the API takes them.
 */
export function StoryForm({
  initial,
  notice,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: StoryFields;
  /** Above the fields: what the candidate should add (the parts an answer did not tell). */
  notice?: string;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: (fields: StoryFields) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(formSchema, {
    defaultValues: { ...initial, skills: initial.skills.join(', ') } satisfies FormValues,
  });
  return (
    <form
      className="space-y-3"
      onSubmit={form.handleSubmit((values) =>
        onSubmit({
          ...values,
          skills: values.skills
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }),
      )}
    >
      {notice ? <p className="text-sm text-muted-foreground">{notice}</p> : null}
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
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <FormActions onCancel={onCancel} busy={busy}>
        {busy ? 'Saving...' : submitLabel}
      </FormActions>
    </form>
  );
}
