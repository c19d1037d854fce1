import {
  LIMITS,
  QUESTION_KIND_DESCRIPTIONS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  type QuestionKind,
} from '@candor/shared';
import { useState } from 'react';
import { Field, Select, Textarea } from '@/components/ui/input';

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
    <Field
      id={id}
      label="Key points (one per line)"
      hint={`The claims a strong answer makes, up to ${LIMITS.keyPointsMax}. The report checks each one; without them it splits the expected answer instead.`}
      error={error}
    >
      <Textarea
        id={id}
        rows={4}
        value={text}
        aria-invalid={!!error}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n'));
        }}
      />
    </Field>
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
    <Field id={id} label="Kind" hint={QUESTION_KIND_DESCRIPTIONS[value]}>
      <Select
        id={id}
        {...(selectProps ?? { value, onChange: (e) => onChange?.(e.target.value as QuestionKind) })}
      >
        {QUESTION_KINDS.map((k) => (
          <option key={k} value={k}>
            {QUESTION_KIND_LABELS[k]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
