import {
  codingQuestionIssue,
  systemDesignQuestionIssue,
  questionInputSchema,
  type Question,
  type QuestionInput,
} from '@candor/shared';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormActions, fieldProps, useEditForm, type EditFormProps } from '@/components/ui/form';
import { SelectField, TextField, TextareaField } from '@/components/ui/input';
import { CodingSpecField, EMPTY_CODING_SPEC } from './coding-spec-field';
import { EMPTY_SYSTEM_DESIGN_SPEC, SystemDesignSpecField } from './system-design-spec-field';
import {
  KeyPointsField,
  KindField,
  NEW_QUESTION,
  QUESTION_DIFFICULTY_OPTIONS,
  TIME_LIMIT_INPUT,
  keyPointsError,
} from './question-fields';

export function QuestionForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: EditFormProps<Question, QuestionInput>) {
  const form = useEditForm(questionInputSchema, NEW_QUESTION, initial);
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'technical';
  // A coding question comes with its problem; any other kind has none.
  useEffect(() => {
    const coding = form.getValues('coding');
    if (kind === 'coding' && !coding) form.setValue('coding', EMPTY_CODING_SPEC);
    if (kind !== 'coding' && coding) form.setValue('coding', null);
    // Likewise a system-design question and its yardstick (issue 29).
    const design = form.getValues('systemDesign');
    if (kind === 'system-design' && !design)
      form.setValue('systemDesign', EMPTY_SYSTEM_DESIGN_SPEC);
    if (kind !== 'system-design' && design) form.setValue('systemDesign', null);
  }, [kind, form]);
  const submit = form.handleSubmit((v) => {
    const issue = codingQuestionIssue(v);
    if (issue) return form.setError('coding', { message: issue });
    const design = systemDesignQuestionIssue(v);
    if (design) return form.setError('systemDesign', { message: design });
    onSubmit(v);
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextareaField
        label="Question text"
        rows={3}
        {...fieldProps(form, 'questionText', 'question-text')}
      />
      <TextareaField
        id="question-answer"
        label="Expected answer"
        hint="A model answer, shown in the report after the attempt. Without key points, the report splits it into points."
        rows={4}
        {...form.register('expectedAnswer')}
      />
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
        <SelectField
          id="question-difficulty"
          label="Difficulty"
          options={QUESTION_DIFFICULTY_OPTIONS}
          {...form.register('difficulty')}
        />
        <TextField
          {...TIME_LIMIT_INPUT}
          hint="3-5 min easy, 5-8 medium, 8-15 hard"
          {...fieldProps(form, 'timeLimit', 'question-time', { valueAsNumber: true })}
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
      {kind === 'system-design' ? (
        <Controller
          control={form.control}
          name="systemDesign"
          render={({ field }) => (
            <SystemDesignSpecField
              id="question-system-design"
              value={field.value ?? EMPTY_SYSTEM_DESIGN_SPEC}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      {errors.systemDesign?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.systemDesign.message}
        </p>
      ) : null}
      {errors.coding?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.coding.message}
        </p>
      ) : null}
      <FormActions onCancel={onCancel} busy={busy}>
        {initial ? 'Save Changes' : 'Add Question'}
      </FormActions>
    </form>
  );
}
