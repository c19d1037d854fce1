import {
  QUESTION_DIFFICULTIES,
  codingQuestionIssue,
  questionInputSchema,
  type Question,
  type QuestionInput,
} from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea, TextField } from '@/components/ui/input';
import { CodingSpecField, EMPTY_CODING_SPEC } from './coding-spec-field';
import { KeyPointsField, KindField, keyPointsError } from './key-points-field';

type Values = z.input<typeof questionInputSchema>;

export function QuestionForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: Question;
  busy?: boolean;
  onSubmit: (v: QuestionInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(questionInputSchema),
    mode: 'onTouched',
    defaultValues: {
      questionText: initial?.questionText ?? '',
      expectedAnswer: initial?.expectedAnswer ?? '',
      difficulty: initial?.difficulty ?? 'medium',
      kind: initial?.kind ?? 'technical',
      keyPoints: initial?.keyPoints ?? [],
      coding: initial?.coding ?? null,
      timeLimit: initial?.timeLimit ?? 300,
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'technical';
  // A coding question comes with its problem; any other kind has none.
  useEffect(() => {
    const coding = form.getValues('coding');
    if (kind === 'coding' && !coding) form.setValue('coding', EMPTY_CODING_SPEC);
    if (kind !== 'coding' && coding) form.setValue('coding', null);
  }, [kind, form]);
  const submit = form.handleSubmit((v) => {
    const issue = codingQuestionIssue(v);
    if (issue) return form.setError('coding', { message: issue });
    onSubmit(v);
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="question-text" label="Question text" error={errors.questionText?.message}>
        <Textarea
          id="question-text"
          rows={3}
          aria-invalid={!!errors.questionText}
          {...form.register('questionText')}
        />
      </Field>
      <Field
        id="question-answer"
        label="Expected answer"
        hint="A model answer, shown in the report after the attempt. Without key points, the report splits it into points."
      >
        <Textarea id="question-answer" rows={4} {...form.register('expectedAnswer')} />
      </Field>
      <Controller
        control={form.control}
        name="keyPoints"
        render={({ field }) => (
          <KeyPointsField
            id="question-key-points"
            value={field.value ?? []}
            onChange={field.onChange}
            error={keyPointsError(errors.keyPoints)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <KindField id="question-kind" value={kind} selectProps={form.register('kind')} />
        <Field id="question-difficulty" label="Difficulty">
          <Select id="question-difficulty" {...form.register('difficulty')}>
            {QUESTION_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d[0]!.toUpperCase() + d.slice(1)}
              </option>
            ))}
          </Select>
        </Field>
        <TextField
          id="question-time"
          label="Time limit (seconds)"
          hint="3-5 min easy, 5-8 medium, 8-15 hard"
          error={errors.timeLimit?.message}
          type="number"
          min={60}
          max={1800}
          step={30}
          aria-invalid={!!errors.timeLimit}
          {...form.register('timeLimit', { valueAsNumber: true })}
        />
      </div>
      {kind === 'coding' ? (
        <Controller
          control={form.control}
          name="coding"
          render={({ field }) => (
            <CodingSpecField
              id="question-coding"
              value={field.value ?? EMPTY_CODING_SPEC}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      {errors.coding?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.coding.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {initial ? 'Save Changes' : 'Add Question'}
        </Button>
      </div>
    </form>
  );
}
