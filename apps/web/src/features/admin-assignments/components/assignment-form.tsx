import { ASSIGNMENT_LIMITS, type AssignmentInput, type Cohort } from '@candor/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, Input, Select } from '@/components/ui/input';
import { useAssignableSets } from '../api/assignments';

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
  const [opensAt, setOpensAt] = useState(() => localValue(Date.now()));
  const [dueAt, setDueAt] = useState(() => localValue(Date.now() + 2 * DAY));
  const [attempts, setAttempts] = useState(String(ASSIGNMENT_LIMITS.attemptsDefault));
  const [recordings, setRecordings] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const opens = new Date(opensAt);
    const due = new Date(dueAt);
    if (setIds.length === 0) return setError('Choose at least one interview set.');
    if (Number.isNaN(opens.getTime()) || Number.isNaN(due.getTime()))
      return setError('Give the opening and due times.');
    if (opens >= due) return setError('The due time must be after the opening.');
    setError(null);
    onSubmit({
      cohortId,
      setIds,
      opensAt: opens.toISOString(),
      dueAt: due.toISOString(),
      attemptsAllowed: Number(attempts),
      recordingsReviewable: recordings,
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="assignment-opens" label="Opens">
          <Input
            id="assignment-opens"
            type="datetime-local"
            value={opensAt}
            onChange={(e) => setOpensAt(e.target.value)}
          />
        </Field>
        <Field id="assignment-due" label="Due">
          <Input
            id="assignment-due"
            type="datetime-local"
            value={dueAt}
            onChange={(e) => setDueAt(e.target.value)}
          />
        </Field>
      </div>
      <Field id="assignment-attempts" label="Attempts allowed per set">
        <Input
          id="assignment-attempts"
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
          Assign
        </Button>
      </div>
    </form>
  );
}
