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
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input, Label, Select, Textarea, TextField } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { QuestionDraft } from './question-draft';

/** What the AI prompt does, said plainly: it is read only by an AI provider. */
export const AI_PROMPT_HINT =
  "With an AI provider configured, these instructions are added to the interviewer's prompt: they shape what the model asks and how deeply it probes. Without one (the builtin interviewer, the default), they are not read: the builtin interviewer asks one or two warm-up questions, then questions from its question bank for the set's topics and level, as stories for topics such as motivation or teamwork.";

type Values = z.input<typeof interviewSetInputSchema>;

/** Create/edit an interview set; fixed sets carry their questions in the same form. */

export function SetForm({
  categories,
  initial,
  initialQuestions,
  busy,
  onSubmit,
  onCancel,
}: {
  categories: Category[];
  initial?: InterviewSet;
  initialQuestions?: Question[];
  busy?: boolean;
  onSubmit: (values: InterviewSetInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(interviewSetInputSchema),
    mode: 'onTouched',
    defaultValues: {
      categoryId: initial?.categoryId ?? '',
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      type: initial?.type ?? 'topic-based',
      difficulty: initial?.difficulty ?? DEFAULT_DIFFICULTY,
      duration: initial?.duration ?? LIMITS.setDurationDefault,
      followUpDepth: initial?.followUpDepth ?? DEFAULT_FOLLOW_UP_DEPTH,
      inviteQuestions: initial?.inviteQuestions ?? true,
      topics: initial?.topics ?? [],
      aiPrompt: initial?.aiPrompt ?? '',
      showHome: initial?.showHome ?? false,
      isActive: initial?.isActive ?? true,
      questions: (initialQuestions ?? []).map((q) => ({
        questionText: q.questionText,
        expectedAnswer: q.expectedAnswer ?? '',
        difficulty: q.difficulty,
        kind: q.kind,
        keyPoints: q.keyPoints,
        timeLimit: q.timeLimit,
      })),
    },
  });
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
        <Field
          id="set-category"
          label="Category"
          error={errors.categoryId ? 'Category is required' : undefined}
        >
          <Select
            id="set-category"
            aria-invalid={!!errors.categoryId}
            {...form.register('categoryId')}
          >
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <TextField
          id="set-title"
          label="Title"
          error={errors.title?.message}
          aria-invalid={!!errors.title}
          {...form.register('title')}
        />
      </div>
      <Field id="set-description" label="Description" error={errors.description?.message}>
        <Textarea id="set-description" {...form.register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="set-type" label="Type">
          <Select id="set-type" {...form.register('type')}>
            {INTERVIEW_TYPES.map((t) => (
              <option key={t} value={t}>
                {INTERVIEW_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="set-difficulty" label="Difficulty">
          <Select id="set-difficulty" {...form.register('difficulty')}>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {EXPERIENCE_LEVEL_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
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
        <Field
          id="set-follow-ups"
          label="Follow-up questions"
          hint="Per question, when an answer is thin or vague: the interviewer probes what it left out."
          error={errors.followUpDepth?.message}
        >
          <Select id="set-follow-ups" {...form.register('followUpDepth', { valueAsNumber: true })}>
            {FOLLOW_UP_DEPTHS.map((d) => (
              <option key={d} value={d}>
                {FOLLOW_UP_DEPTH_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
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
        <Controller
          control={form.control}
          name="showHome"
          render={({ field }) => (
            <div className="flex items-center gap-3 text-sm">
              <Switch checked={!!field.value} onChange={field.onChange} label="Show on Home" />
              <span>{field.value ? 'Visible on Home' : 'Hidden from Home'}</span>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center gap-3 text-sm">
              <Switch checked={!!field.value} onChange={field.onChange} label="Active" />
              <span>{field.value ? 'Active' : 'Inactive'}</span>
            </div>
          )}
        />
        {type === 'fixed' ? (
          // Topic-based interviews always invite the candidate's questions before they close.
          <Controller
            control={form.control}
            name="inviteQuestions"
            render={({ field }) => (
              <div className="flex items-center gap-3 text-sm">
                <Switch
                  checked={!!field.value}
                  onChange={field.onChange}
                  label="Invite the candidate's questions"
                />
                <span>
                  {field.value
                    ? 'Asks “Do you have any questions for me?” after the last question'
                    : 'Closes after the last question'}
                </span>
              </div>
            )}
          />
        ) : null}
      </div>

      {type === 'topic-based' ? (
        <Field
          id="set-prompt"
          label="AI prompt"
          hint={AI_PROMPT_HINT}
          error={errors.aiPrompt?.message}
        >
          <Textarea id="set-prompt" rows={4} {...form.register('aiPrompt')} />
        </Field>
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

      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {initial ? 'Save Changes' : 'Create Interview Set'}
        </Button>
      </div>
    </form>
  );
}
