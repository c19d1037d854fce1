import { type Assignment, type AssignmentUpdate } from '@candor/shared';
import { useState, type FormEvent } from 'react';
import { localValue } from './assignment-form';
import { AssignmentFormEnd, AssignmentTermsFields, readTimes } from './assignment-terms';

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
  const [terms, setTerms] = useState(() => ({
    opensAt: localValue(Date.parse(a.opensAt)),
    dueAt: localValue(Date.parse(a.dueAt)),
    attempts: String(a.attemptsAllowed),
    recordings: a.recordingsReviewable,
  }));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const times = readTimes(terms);
    if (times.error !== undefined) return setError(times.error);
    const { opensAt, dueAt, attempts, recordings } = terms;
    const changes: AssignmentUpdate = {};
    // The inputs show minutes: an unchanged field is not sent (its seconds stay as they were).
    if (opensAt !== localValue(Date.parse(a.opensAt))) changes.opensAt = times.opens.toISOString();
    if (dueAt !== localValue(Date.parse(a.dueAt))) changes.dueAt = times.due.toISOString();
    if (Number(attempts) !== a.attemptsAllowed) changes.attemptsAllowed = Number(attempts);
    if (recordings !== a.recordingsReviewable) changes.recordingsReviewable = recordings;
    if (Object.keys(changes).length === 0) return setError('Nothing has changed.');
    setError(null);
    onSubmit(changes);
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <AssignmentTermsFields idPrefix="edit" terms={terms} onChange={setTerms} />
      <AssignmentFormEnd error={error} busy={busy} submitLabel="Save changes" onCancel={onCancel} />
    </form>
  );
}
