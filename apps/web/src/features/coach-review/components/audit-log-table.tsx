import { AUDIT_ACTION_LABELS, type AuditEntry } from '@candor/shared';
import { Link } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDayTime } from '@/lib/format-date';

/** What an entry was about: the candidate (linked while the account exists), or the export's filters. */
function subject(entry: AuditEntry) {
  if (entry.action === 'results_exported') {
    const { from, to, setId } = entry.details;
    const parts = [
      from || to ? `${from ?? 'start'} to ${to ?? 'today'}` : 'all dates',
      setId ? 'one interview set' : 'every set',
    ];
    return parts.join(', ');
  }
  if (!entry.candidate) return <span className="text-muted-foreground">Deleted account</span>;
  return (
    <Link to={`/admin/candidates/${entry.candidate.id}`} className="text-primary hover:underline">
      {entry.candidate.name.trim() || entry.candidate.email}
    </Link>
  );
}

const COLUMNS = [{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Whose data' }];

export interface AuditLogTableProps {
  entries: AuditEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** The audit log: who looked at what, when; newest first. */
export function AuditLogTable({
  entries,
  isPending,
  isError,
  onRetry,
  page,
  totalPages,
  onPageChange,
}: AuditLogTableProps) {
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
        title="Nothing recorded yet"
        message="Opening a candidate, reading a report or exporting results is recorded here."
      />
    );
  }
  return (
    <>
      <DataTable caption="Audit log, newest first" columns={COLUMNS}>
        {entries.map((e) => (
          <tr key={e.id} className="border-b border-border" data-testid="audit-entry">
            <td className="whitespace-nowrap p-3">
              <time dateTime={e.at}>{formatDayTime(e.at)}</time>
            </td>
            <td className="p-3">
              <span className="font-medium">{e.actor.name || e.actor.email}</span>
              <span className="block text-xs text-muted-foreground">{e.actor.email}</span>
            </td>
            <td className="p-3">{AUDIT_ACTION_LABELS[e.action]}</td>
            <td className="p-3">{subject(e)}</td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} totalPages={totalPages} onChange={onPageChange} />
    </>
  );
}
