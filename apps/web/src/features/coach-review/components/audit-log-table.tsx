import { AUDIT_ACTION_LABELS, AUDIT_SUBJECT_LABELS, type AuditEntry } from '@candor/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDayTime } from '@/lib/format-date';

/** A person linked while the account exists (underlined: it sits in a sentence); "Deleted account" after. */
function person(entry: AuditEntry) {
  if (!entry.candidate) return <span className="text-muted-foreground">Deleted account</span>;
  return (
    <Link
      to={`/admin/candidates/${entry.candidate.id}`}
      className="text-primary underline underline-offset-2"
    >
      {entry.candidate.name.trim() || entry.candidate.email}
    </Link>
  );
}

/** What an entry was about: the candidate, the export's filters, or what was changed. */
function subject(entry: AuditEntry) {
  if (entry.action === 'results_exported') {
    const { from, to, setId, cohortId } = entry.details;
    const parts = [
      from || to ? `${from ?? 'start'} to ${to ?? 'today'}` : 'all dates',
      setId ? 'one interview set' : 'every set',
      ...(cohortId ? ['one cohort'] : []),
    ];
    return parts.join(', ');
  }
  if (entry.subject && entry.subject.type !== 'user') {
    return (
      <>
        <span className="text-xs text-muted-foreground">
          {AUDIT_SUBJECT_LABELS[entry.subject.type]}
        </span>{' '}
        <span className="font-medium">{entry.subject.label}</span>
        {entry.candidate ? <> · {person(entry)}</> : null}
      </>
    );
  }
  if (entry.kind === 'change' && !entry.candidate && !entry.subject) {
    return <span className="text-muted-foreground">Deleted account</span>;
  }
  return person(entry);
}

/** One side of a change, readable: text as it is, lists joined, nothing as "—". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(shown).join('; ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields a change touched: each as it was and as it became. */
export function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const details = Object.entries(entry.details);
  return (
    <div className="space-y-2">
      {fields.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Fields before and after the change</caption>
          <thead className="text-xs uppercase text-muted-foreground">
            <tr>
              <th scope="col" className="p-1">
                Field
              </th>
              <th scope="col" className="p-1">
                Before
              </th>
              <th scope="col" className="p-1">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f} data-testid="audit-field">
                <th scope="row" className="p-1 align-top font-medium">
                  {f}
                </th>
                <td className="whitespace-pre-wrap break-words p-1 align-top">
                  {entry.before ? shown(before[f]) : '—'}
                </td>
                <td className="whitespace-pre-wrap break-words p-1 align-top">
                  {entry.after ? shown(after[f]) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {details.length ? (
        <p className="text-xs text-muted-foreground">
          {details.map(([k, v]) => `${k}: ${v}`).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}

const COLUMNS = [
  { label: 'Details', hidden: true },
  { label: 'When' },
  { label: 'Who' },
  { label: 'What' },
  { label: 'About' },
];

export interface AuditLogTableProps {
  entries: AuditEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** The audit log: who looked at or changed what, when; newest first; a change opens its fields. */
export function AuditLogTable({
  entries,
  isPending,
  isError,
  onRetry,
  page,
  totalPages,
  onPageChange,
}: AuditLogTableProps) {
  const [open, setOpen] = useState<string | null>(null);
  if (isPending) return <LoadingState text="Loading audit log..." />;
  if (isError) {
    return (
      <ErrorState
        title="Failed to load the audit log"
        message="An error occurred while loading the audit log."
        onRetry={onRetry}
      />
    );
  }
  if (!entries || entries.length === 0) {
    return (
      <EmptyState
        title="Nothing recorded"
        message="Opening a candidate, reading a report, exporting results and every change an administrator makes are recorded here."
      />
    );
  }
  return (
    <>
      <DataTable caption="Audit log, newest first" columns={COLUMNS}>
        {entries.map((e) => {
          const expandable =
            e.before !== null || e.after !== null || Object.keys(e.details).length > 0;
          return (
            <Fragment key={e.id}>
              <tr className="border-b border-border" data-testid="audit-entry">
                <td className="p-3">
                  {expandable ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-expanded={open === e.id}
                      aria-label={`Details of ${AUDIT_ACTION_LABELS[e.action].toLowerCase()}`}
                      onClick={() => setOpen(open === e.id ? null : e.id)}
                    >
                      {open === e.id ? <ChevronDown /> : <ChevronRight />}
                    </Button>
                  ) : null}
                </td>
                <td className="whitespace-nowrap p-3">
                  <time dateTime={e.at}>{formatDayTime(e.at)}</time>
                </td>
                <td className="p-3">
                  <span className="font-medium">{e.actor.name || e.actor.email}</span>
                  {e.actor.email ? (
                    <span className="block text-xs text-muted-foreground">{e.actor.email}</span>
                  ) : null}
                </td>
                <td className="p-3">{AUDIT_ACTION_LABELS[e.action]}</td>
                <td className="p-3">{subject(e)}</td>
              </tr>
              {open === e.id ? (
                <tr className="border-b border-border bg-muted/50">
                  <td colSpan={5} className="p-4">
                    <ChangeDetails entry={e} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </DataTable>
      <Pagination page={page} totalPages={totalPages} onChange={onPageChange} />
    </>
  );
}
