import { ASSIGNMENT_LIMITS } from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, Input } from '@/components/ui/input';

/** What the form holds of an assignment's terms, as its inputs show them. */
export interface AssignmentTerms {
  opensAt: string;
  dueAt: string;
  attempts: string;
  recordings: boolean;
}

/**
 * An assignment's terms: when it opens and is due (datetime-local, the browser's time), attempts
 * allowed per set, and whether coaches may play the recordings. One set of fields for making an
 * assignment and for changing one, so the two forms cannot drift apart.
 */
export function AssignmentTermsFields({
  idPrefix,
  terms,
  onChange,
}: {
  idPrefix: string;
  terms: AssignmentTerms;
  onChange: (terms: AssignmentTerms) => void;
}) {
  const set = (patch: Partial<AssignmentTerms>) => onChange({ ...terms, ...patch });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-opens`} label="Opens">
          <Input
            id={`${idPrefix}-opens`}
            type="datetime-local"
            value={terms.opensAt}
            onChange={(e) => set({ opensAt: e.target.value })}
          />
        </Field>
        <Field id={`${idPrefix}-due`} label="Due">
          <Input
            id={`${idPrefix}-due`}
            type="datetime-local"
            value={terms.dueAt}
            onChange={(e) => set({ dueAt: e.target.value })}
          />
        </Field>
      </div>
      <Field id={`${idPrefix}-attempts`} label="Attempts allowed per set">
        <Input
          id={`${idPrefix}-attempts`}
          type="number"
          min={ASSIGNMENT_LIMITS.attemptsMin}
          max={ASSIGNMENT_LIMITS.attemptsMax}
          value={terms.attempts}
          onChange={(e) => set({ attempts: e.target.value })}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={terms.recordings}
          onChange={(e) => set({ recordings: e.target.checked })}
        />
        Coaches may listen to the recordings of these attempts
      </label>
    </>
  );
}

/** The form's error line and its two buttons. */
export function AssignmentFormEnd({
  error,
  busy,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** The opening and due moments, or what is wrong with them in the product's words. */
export function readTimes(
  terms: AssignmentTerms,
): { opens: Date; due: Date; error?: never } | { error: string } {
  const opens = new Date(terms.opensAt);
  const due = new Date(terms.dueAt);
  if (Number.isNaN(opens.getTime()) || Number.isNaN(due.getTime()))
    return { error: 'Give the opening and due times.' };
  if (opens >= due) return { error: 'The due time must be after the opening.' };
  return { opens, due };
}
