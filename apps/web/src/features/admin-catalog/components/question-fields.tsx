import {
  LIMITS,
  QUESTION_DIFFICULTIES,
  QUESTION_KIND_DESCRIPTIONS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  type CodingSpecInput,
  type SystemDesignSpecInput,
  type QuestionDifficulty,
  type QuestionKind,
} from '@candor/shared';
import { useState } from 'react';
import { SelectField, TextareaField, labelled } from '@/components/ui/input';

/** A question before anything is typed: medium, technical, with the usual time limit. */
export const NEW_QUESTION: {
  questionText: string;
  expectedAnswer: string;
  difficulty: QuestionDifficulty;
  kind: QuestionKind;
  keyPoints: string[];
  coding: CodingSpecInput | null;
  systemDesign: SystemDesignSpecInput | null;
  timeLimit: number;
} = {
  questionText: '',
  expectedAnswer: '',
  difficulty: 'medium',
  kind: 'technical',
  keyPoints: [],
  coding: null,
  systemDesign: null,
  timeLimit: LIMITS.questionTimeLimitDefault,
};

/** A question's difficulties as its selects offer them: easy → Easy. */
export const QUESTION_DIFFICULTY_OPTIONS = QUESTION_DIFFICULTIES.map((d) => ({
  value: d,
  label: d[0]!.toUpperCase() + d.slice(1),
}));

/** A question's time limit input: whole half-minutes from one minute to half an hour. */
export const TIME_LIMIT_INPUT = {
  label: 'Time limit (seconds)',
  type: 'number',
  min: 60,
  max: 1800,
  step: 30,
} as const;

/**
 * A question's key points as a textarea, one point per line: easy to type, paste and read aloud
 * by a screen reader. Blank lines and repeats are dropped when the form is submitted.
 */
export function KeyPointsField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (points: string[]) => void;
  error?: string;
}) {
  // The text is kept as typed (blank lines included) so the caret never jumps.
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <TextareaField
      id={id}
      label="Key points (one per line)"
      hint={`The claims a strong answer makes, up to ${LIMITS.keyPointsMax}. The report checks each one; without them it splits the expected answer instead, and with neither the builtin evaluator scores a technical answer from its words alone.`}
      error={error}
      rows={4}
      value={text}
      aria-invalid={!!error}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.split('\n'));
      }}
    />
  );
}

/** The first message among a key-point list's errors (the list's own, or one point's). */
export function keyPointsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: string; root?: { message?: string } } & Record<
    number,
    { message?: string }
  >;
  if (e.message) return e.message;
  if (e.root?.message) return e.root.message;
  const first = Object.values(e).find((x) => x && typeof x === 'object' && 'message' in x) as
    { message?: string } | undefined;
  return first?.message;
}

/** The question kind, with what it means for scoring said under the control. */
export function KindField({
  id,
  value,
  onChange,
  selectProps,
}: {
  id: string;
  value: QuestionKind;
  onChange?: (kind: QuestionKind) => void;
  /** For react-hook-form's `register`, instead of value/onChange. */
  selectProps?: React.ComponentProps<'select'>;
}) {
  return (
    <SelectField
      id={id}
      label="Kind"
      hint={QUESTION_KIND_DESCRIPTIONS[value]}
      options={labelled(QUESTION_KINDS, QUESTION_KIND_LABELS)}
      {...(selectProps ?? { value, onChange: (e) => onChange?.(e.target.value as QuestionKind) })}
    />
  );
}
