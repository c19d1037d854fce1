import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { resultsCsvHref } from '../api/get-results-csv';

export interface ExportResultsProps {
  /** The interview sets to filter by (administrators: the catalogue is theirs). */
  sets: { id: string; title: string; difficulty: string }[];
  /** The cohorts to filter by (a coach's own). */
  cohorts?: { id: string; name: string }[];
}

/**
 * The cohort's results as a CSV file: one row per completed attempt, filtered by the dates it was
 * completed and by interview set. A plain link, so the browser downloads the stream itself.
 */
export function ExportResults({ sets, cohorts = [] }: ExportResultsProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [setId, setSetId] = useState('');
  const [cohortId, setCohortId] = useState('');
  const ids = { from: useId(), to: useId(), set: useId(), cohort: useId(), error: useId() };
  const filters = {
    from: from || undefined,
    to: to || undefined,
    setId: setId || undefined,
    cohortId: cohortId || undefined,
  };
  // The date inputs only give real dates; the one mistake left is a range the wrong way round.
  const error = from && to && from > to ? 'The end date must not be before the start date.' : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export results</CardTitle>
        <CardDescription>
          One row per completed attempt: candidate, set, date, scores per dimension and duration.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <div className="space-y-1.5">
            <Label htmlFor={ids.from}>Completed from</Label>
            <Input
              id={ids.from}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.to}>Completed to</Label>
            <Input
              id={ids.to}
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          {cohorts.length ? (
            <div className="space-y-1.5">
              <Label htmlFor={ids.cohort}>Cohort</Label>
              <Select
                id={ids.cohort}
                value={cohortId}
                onChange={(e) => setCohortId(e.target.value)}
              >
                <option value="">All cohorts</option>
                {cohorts.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          {sets.length ? (
            <div className="space-y-1.5">
              <Label htmlFor={ids.set}>Interview set</Label>
              <Select id={ids.set} value={setId} onChange={(e) => setSetId(e.target.value)}>
                <option value="">All interview sets</option>
                {sets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title} · {s.difficulty}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
        </div>
        {error ? (
          <p id={ids.error} role="alert" className="mt-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <a
          href={error ? undefined : resultsCsvHref(filters)}
          download
          aria-disabled={error ? true : undefined}
          className={cn(
            buttonVariants(),
            'mt-4',
            error && 'pointer-events-none cursor-not-allowed opacity-50',
          )}
        >
          <Download className="size-4" aria-hidden /> Download CSV
        </a>
      </CardContent>
    </Card>
  );
}
