import { ASSIGNMENT_LIMITS, type Assignment, type AssignmentUpdate } from '@candor/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, Input } from '@/components/ui/input';
import { localValue } from './assignment-form';

/**
 * An assignment's times and limits changed after it was made (a due date moved, one more attempt
 * allowed): only what changed is sent, so the audit log's before/after names just that. Moving
 * the due time later turns "late" attempts back into "done" (decision 048).
 */
export function AssignmentEditForm({
  assignment: a,
  busy,
  onSubmit,
  onCancel,
}: {
  assignment: Assignment;
  busy: boolean;
  onSubmit: (changes: AssignmentUpdate) => void;
  onCancel: () => void;
}) {
  const [opensAt, setOpensAt] = useState(() => localValue(Date.parse(a.opensAt)));
  const [dueAt, setDueAt] = useState(() => localValue(Date.parse(a.dueAt)));
  const [attempts, setAttempts] = useState(String(a.attemptsAllowed));
  const [recordings, setRecordings] = useState(a.recordingsReviewable);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const opens = new Date(opensAt);
    const due = new Date(dueAt);
    if (Number.isNaN(opens.getTime()) || Number.isNaN(due.getTime()))
      return setError('Give the opening and due times.');
    if (opens >= due) return setError('The due time must be after the opening.');
    const changes: AssignmentUpdate = {};
    // The inputs show minutes: an unchanged field is not sent (its seconds stay as they were).
    if (opensAt !== localValue(Date.parse(a.opensAt))) changes.opensAt = opens.toISOString();
    if (dueAt !== localValue(Date.parse(a.dueAt))) changes.dueAt = due.toISOString();
    if (Number(attempts) !== a.attemptsAllowed) changes.attemptsAllowed = Number(attempts);
    if (recordings !== a.recordingsReviewable) changes.recordingsReviewable = recordings;
    if (Object.keys(changes).length === 0) return setError('Nothing has changed.');
    setError(null);
    onSubmit(changes);
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-opens" label="Opens">
          <Input
            id="edit-opens"
            type="datetime-local"
            value={opensAt}
            onChange={(e) => setOpensAt(e.target.value)}
          />
        </Field>
        <Field id="edit-due" label="Due">
          <Input
            id="edit-due"
            type="datetime-local"
            value={dueAt}
            onChange={(e) => setDueAt(e.target.value)}
          />
        </Field>
      </div>
      <Field id="edit-attempts" label="Attempts allowed per set">
        <Input
          id="edit-attempts"
          type="number"
          min={ASSIGNMENT_LIMITS.attemptsMin}
          max={ASSIGNMENT_LIMITS.attemptsMax}
          value={attempts}
          onChange={(e) => setAttempts(e.target.value)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={recordings} onChange={(e) => setRecordings(e.target.checked)} />
        Coaches may listen to the recordings of these attempts
      </label>
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
          Save changes
        </Button>
      </div>
    </form>
  );
}
