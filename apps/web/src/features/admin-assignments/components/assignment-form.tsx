import { ASSIGNMENT_LIMITS, type AssignmentInput, type Cohort } from '@candor/shared';
import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Select } from '@/components/ui/input';
import { useAssignableSets } from '../api/assignments';
import { AssignmentFormEnd, AssignmentTermsFields, readTimes } from './assignment-terms';

const DAY = 86_400_000;

/** A datetime-local input's value ('2026-11-29T17:00') for a moment, in the browser's time. */
export function localValue(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * A new assignment: the cohort, its sets, when it opens and is due (in the browser's time, sent
 * as UTC), the attempts allowed per set and whether coaches may play the recordings. The server
 * checks everything again and names the field it refuses.
 */
export function AssignmentForm({
  cohorts,
  busy,
  onSubmit,
  onCancel,
}: {
  cohorts: Cohort[];
  busy: boolean;
  onSubmit: (input: AssignmentInput) => void;
  onCancel: () => void;
}) {
  const sets = useAssignableSets(true);
  const [cohortId, setCohortId] = useState(cohorts[0]?.id ?? '');
  const [setIds, setSetIds] = useState<string[]>([]);
  const [terms, setTerms] = useState(() => ({
    opensAt: localValue(Date.now()),
    dueAt: localValue(Date.now() + 2 * DAY),
    attempts: String(ASSIGNMENT_LIMITS.attemptsDefault),
    recordings: false,
  }));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (setIds.length === 0) return setError('Choose at least one interview set.');
    const times = readTimes(terms);
    if (times.error !== undefined) return setError(times.error);
    setError(null);
    onSubmit({
      cohortId,
      setIds,
      opensAt: times.opens.toISOString(),
      dueAt: times.due.toISOString(),
      attemptsAllowed: Number(terms.attempts),
      recordingsReviewable: terms.recordings,
    });
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Field id="assignment-cohort" label="Cohort">
        <Select
          id="assignment-cohort"
          value={cohortId}
          onChange={(e) => setCohortId(e.target.value)}
        >
          {cohorts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Interview sets</legend>
        <div className="max-h-48 space-y-1 overflow-y-auto">
          {(sets.data?.sets ?? []).map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={setIds.includes(s.id)}
                onChange={(e) =>
                  setSetIds(e.target.checked ? [...setIds, s.id] : setIds.filter((x) => x !== s.id))
                }
              />
              {s.title} <span className="text-muted-foreground">{s.categoryName}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <AssignmentTermsFields idPrefix="assignment" terms={terms} onChange={setTerms} />
      <AssignmentFormEnd error={error} busy={busy} submitLabel="Assign" onCancel={onCancel} />
    </form>
  );
}
