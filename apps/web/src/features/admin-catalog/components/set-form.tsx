import {
  DEFAULT_DIFFICULTY,
  DEFAULT_FOLLOW_UP_DEPTH,
  DIFFICULTIES,
  EXPERIENCE_LEVEL_LABELS,
  FOLLOW_UP_DEPTHS,
  FOLLOW_UP_DEPTH_LABELS,
  INTERVIEW_TYPES,
  INTERVIEW_TYPE_LABELS,
  LIMITS,
  QUESTION_KIND_LABELS,
  interviewSetInputSchema,
  type Category,
  type InterviewSet,
  type InterviewSetInput,
  type Question,
} from '@candor/shared';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormActions, fieldProps, useEditForm, type EditFormProps } from '@/components/ui/form';
import {
  Input,
  Label,
  SelectField,
  TextField,
  TextareaField,
  labelled,
} from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { QuestionDraft } from './question-draft';

/** What the AI prompt does, said plainly: it is read only by an AI provider. */
export const AI_PROMPT_HINT =
  "With an AI provider configured, these instructions are added to the interviewer's prompt: they shape what the model asks and how deeply it probes. Without one (the builtin interviewer, the default), they are not read: the builtin interviewer asks one or two warm-up questions, then questions from its question bank for the set's topics and level, as stories for topics such as motivation or teamwork.";

/** Create/edit an interview set; fixed sets carry their questions in the same form. */

export function SetForm({
  categories,
  initial,
  initialQuestions,
  busy,
  onSubmit,
  onCancel,
}: EditFormProps<InterviewSet, InterviewSetInput> & {
  categories: Category[];
  initialQuestions?: Question[];
}) {
  const form = useEditForm(
    interviewSetInputSchema,
    {
      categoryId: '',
      title: '',
      description: '',
      type: 'topic-based',
      difficulty: DEFAULT_DIFFICULTY,
      duration: LIMITS.setDurationDefault,
      followUpDepth: DEFAULT_FOLLOW_UP_DEPTH,
      inviteQuestions: true,
      topics: [],
      aiPrompt: '',
      showHome: false,
      isActive: true,
    },
    {
      ...initial,
      // A fixed set's questions come apart from the set, without their ids.
      questions: (initialQuestions ?? []).map((q) => ({
        questionText: q.questionText,
        expectedAnswer: q.expectedAnswer ?? '',
        difficulty: q.difficulty,
        kind: q.kind,
        keyPoints: q.keyPoints,
        timeLimit: q.timeLimit,
      })),
    },
  );
  const { errors } = form.formState;
  // A topic rule (length, count) may fail on the list or on one of its items.
  const topicsError =
    errors.topics?.message ??
    (Array.isArray(errors.topics) ? errors.topics.find(Boolean)?.message : undefined);
  const [type, topics] = useWatch({ control: form.control, name: ['type', 'topics'] });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const [topicDraft, setTopicDraft] = useState('');
  // On an edit the questions are sent only when changed, so untouched questions keep their ids.
  const [initialQuestionsJson] = useState(() => JSON.stringify(form.getValues('questions')));

  const addTopic = () => {
    const t = topicDraft.trim();
    if (t && !(topics ?? []).includes(t))
      form.setValue('topics', [...(topics ?? []), t], { shouldDirty: true });
    setTopicDraft('');
  };
  const submit = form.handleSubmit((v) => {
    const { questions: qs, aiPrompt, ...rest } = v;
    const questionsChanged = !initial || JSON.stringify(qs) !== initialQuestionsJson;
    onSubmit({
      ...rest,
      ...(v.type === 'fixed'
        ? questionsChanged || initial?.type !== 'fixed'
          ? { questions: qs }
          : {}
        : { aiPrompt: aiPrompt || null }),
    });
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          {...fieldProps(form, 'categoryId', 'set-category')}
          // Whatever the rule that failed, the one thing to say is that a category is needed.
          error={errors.categoryId ? 'Category is required' : undefined}
        >
          <option value="">Select a category</option>
        </SelectField>
        <TextField label="Title" {...fieldProps(form, 'title', 'set-title')} />
      </div>
      <TextareaField label="Description" {...fieldProps(form, 'description', 'set-description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id="set-type"
          label="Type"
          options={labelled(INTERVIEW_TYPES, INTERVIEW_TYPE_LABELS)}
          {...form.register('type')}
        />
        <SelectField
          id="set-difficulty"
          label="Difficulty"
          options={labelled(DIFFICULTIES, EXPERIENCE_LEVEL_LABELS)}
          {...form.register('difficulty')}
        />
        <TextField
          id="set-duration"
          label="Duration (minutes)"
          hint={`${LIMITS.setDurationMin}-${LIMITS.setDurationMax} minutes`}
          error={errors.duration?.message}
          type="number"
          min={LIMITS.setDurationMin}
          max={LIMITS.setDurationMax}
          {...form.register('duration', { valueAsNumber: true })}
        />
        <SelectField
          id="set-follow-ups"
          label="Follow-up questions"
          hint="Per question, when an answer is thin or vague: the interviewer probes what it left out."
          error={errors.followUpDepth?.message}
          options={labelled(FOLLOW_UP_DEPTHS, FOLLOW_UP_DEPTH_LABELS)}
          {...form.register('followUpDepth', { valueAsNumber: true })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="set-topic">Topics</Label>
        <div className="flex gap-2">
          <Input
            id="set-topic"
            value={topicDraft}
            placeholder="Add a topic and press Enter"
            onChange={(e) => setTopicDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTopic();
              }
            }}
          />
          <Button variant="outline" size="icon" aria-label="Add topic" onClick={addTopic}>
            <Plus />
          </Button>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Topics added">
          {(topics ?? []).map((t) => (
            <li key={t}>
              <Badge tone="primary">
                {t}
                <button
                  type="button"
                  aria-label={`Remove topic ${t}`}
                  className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() =>
                    form.setValue(
                      'topics',
                      (topics ?? []).filter((x) => x !== t),
                      { shouldDirty: true },
                    )
                  }
                >
                  <X className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
        {topicsError ? (
          <p role="alert" className="text-xs font-medium text-destructive">
            {topicsError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-6">
        <SwitchField control={form.control} name="showHome" label="Show on Home">
          {(on) => (on ? 'Visible on Home' : 'Hidden from Home')}
        </SwitchField>
        <SwitchField control={form.control} name="isActive" label="Active">
          {(on) => (on ? 'Active' : 'Inactive')}
        </SwitchField>
        {type === 'fixed' ? (
          // Topic-based interviews always invite the candidate's questions before they close.
          <SwitchField
            control={form.control}
            name="inviteQuestions"
            label="Invite the candidate's questions"
          >
            {(on) =>
              on
                ? 'Asks “Do you have any questions for me?” after the last question'
                : 'Closes after the last question'
            }
          </SwitchField>
        ) : null}
      </div>

      {type === 'topic-based' ? (
        <TextareaField
          id="set-prompt"
          label="AI prompt"
          hint={AI_PROMPT_HINT}
          error={errors.aiPrompt?.message}
          rows={4}
          {...form.register('aiPrompt')}
        />
      ) : (
        <fieldset className="space-y-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">
            Questions ({questions.fields.length})
          </legend>
          {errors.questions?.message || errors.questions?.root?.message ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.questions?.message ?? errors.questions?.root?.message}
            </p>
          ) : null}
          <ol className="space-y-2">
            {questions.fields.map((q, i) => (
              <li key={q.id} className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
                <span className="font-semibold">{i + 1}.</span>
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="break-words">{q.questionText}</p>
                  <p className="text-xs text-muted-foreground">
                    {QUESTION_KIND_LABELS[q.kind ?? 'technical']} ·{' '}
                    <span className="capitalize">{q.difficulty ?? 'medium'}</span> ·{' '}
                    {Math.round((q.timeLimit ?? LIMITS.questionTimeLimitDefault) / 60)} min
                    {q.expectedAnswer ? ' · with expected answer' : ''}
                    {q.keyPoints && q.keyPoints.filter(Boolean).length > 0
                      ? ` · ${q.keyPoints.filter(Boolean).length} key point(s)`
                      : ''}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move question ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => questions.move(i, i - 1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move question ${i + 1} down`}
                  disabled={i === questions.fields.length - 1}
                  onClick={() => questions.move(i, i + 1)}
                >
                  <ArrowDown />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => questions.remove(i)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ol>
          <QuestionDraft
            onAdd={(q) => {
              questions.append({ ...q, expectedAnswer: q.expectedAnswer ?? '' });
              form.clearErrors('questions');
            }}
          />
        </fieldset>
      )}

      <FormActions onCancel={onCancel} busy={busy}>
        {initial ? 'Save Changes' : 'Create Interview Set'}
      </FormActions>
    </form>
  );
}

/** A switch bound to a yes/no field of the form, with what the current setting means beside it. */
function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  children,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** What the setting means, on or off. */
  children: (on: boolean) => string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3 text-sm">
          <Switch checked={!!field.value} onChange={field.onChange} label={label} />
          <span>{children(!!field.value)}</span>
        </div>
      )}
    />
  );
}
