import {
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_STATUS_LABELS,
  TIMINGS,
  type AssignmentStatus,
  type GridRow,
} from '@candor/shared';
import { Download, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { LoadingState, PageHeader, QueryFailure } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import {
  gridCsvHref,
  useAssignmentGrid,
  useDeleteAssignment,
  useUpdateAssignment,
} from '../api/assignments';
import { AssignmentEditForm } from '../components/assignment-edit-form';
import { BackLink } from '@/components/ui/back-link';

const TONES: Record<AssignmentStatus, 'neutral' | 'blue' | 'green' | 'yellow'> = {
  not_started: 'neutral',
  in_progress: 'blue',
  done: 'green',
  late: 'yellow',
};
/** How statuses sort: furthest along first. */
const RANK: Record<AssignmentStatus, number> = { done: 0, late: 1, in_progress: 2, not_started: 3 };

/** 'name', or a set's id (sorted by its best score, then status). */
type SortKey = string;

/**
 * One assignment's grid (issue 31): its cohort's candidates × its sets, each cell the status, the
 * attempts used and the best score, linked to that attempt's report. Sorted by name or by a set's
 * score; filtered by name or e-mail and by status (a row shows when any of its sets has it).
 */
export function AssignmentPage() {
  const { id = '' } = useParams();
  const grid = useAssignmentGrid(id);
  const remove = useDeleteAssignment();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState<SortKey>('name');
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const update = useUpdateAssignment();

  const rows = useMemo(() => {
    if (!grid.data) return [];
    const needle = search.trim().toLowerCase();
    const shown = grid.data.rows.filter(
      (r) =>
        (!needle ||
          r.candidate.name.toLowerCase().includes(needle) ||
          r.candidate.email.toLowerCase().includes(needle)) &&
        (status === 'all' || r.cells.some((c) => c.status === status)),
    );
    if (sort === 'name') return shown;
    const cellOf = (r: GridRow) => r.cells.find((c) => c.setId === sort);
    return [...shown].sort((a, b) => {
      const x = cellOf(a);
      const y = cellOf(b);
      return (
        (y?.bestScore ?? -1) - (x?.bestScore ?? -1) ||
        RANK[x?.status ?? 'not_started'] - RANK[y?.status ?? 'not_started']
      );
    });
  }, [grid.data, search, status, sort]);

  const back = <BackLink to="/admin/assignments">Back to assignments</BackLink>;
  if (grid.isPending) return <LoadingState text="Loading the grid..." />;
  if (grid.isError)
    return (
      <QueryFailure
        query={grid}
        notFound={{ title: 'Assignment not found', message: 'It may have been deleted.' }}
        failed={{ title: 'Failed to load the assignment' }}
        action={back}
      />
    );
  const { assignment: a } = grid.data;
  const sortOptions = [
    { value: 'name', label: 'By name' },
    ...a.sets.map((s) => ({ value: s.id, label: `By best score: ${s.title}` })),
  ];

  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title={`${a.cohort.name}: ${a.sets.map((s) => s.title).join(', ')}`}
        description={`Opens ${formatDayTime(a.opensAt)} · due ${formatDayTime(a.dueAt)} · ${a.attemptsAllowed} attempts per set${a.recordingsReviewable ? ' · recordings may be reviewed' : ''}`}
        actions={
          <>
            <Button asChild variant="outline">
              <a href={gridCsvHref(a.id)} download>
                <Download aria-hidden /> Export CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap gap-3">
        <SearchField
          id="grid-search"
          label="Search candidates"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="grid-status"
          label="Status"
          value={status}
          onChange={setStatus}
          all="Any status"
          options={ASSIGNMENT_STATUSES.map((s) => ({
            value: s,
            label: ASSIGNMENT_STATUS_LABELS[s],
          }))}
        />
        <FilterSelect
          id="grid-sort"
          label="Sort"
          value={sort}
          onChange={setSort}
          options={sortOptions}
        />
      </div>
      <DataTable
        caption="Who has done what"
        columns={[{ label: 'Candidate' }, ...a.sets.map((s) => ({ label: s.title }))]}
      >
        {rows.map((r) => (
          <tr key={r.candidate.id} className="border-b border-border" data-testid="grid-row">
            <td className="p-3">
              <p className="font-medium">{r.candidate.name}</p>
              <p className="text-xs text-muted-foreground">{r.candidate.email}</p>
            </td>
            {r.cells.map((c) => (
              <td key={c.setId} className="p-3" data-testid="grid-cell">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TONES[c.status]}>{ASSIGNMENT_STATUS_LABELS[c.status]}</Badge>
                  {c.reportInterviewId ? (
                    <Link
                      to={`/admin/candidates/${r.candidate.id}/reports/${c.reportInterviewId}`}
                      className="text-primary tabular-nums hover:underline"
                    >
                      {c.bestScore !== null ? `${c.bestScore}%` : 'Report'}
                    </Link>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    {c.attempts} / {a.attemptsAllowed}
                  </span>
                </div>
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No candidate matches.</p>
      ) : null}
      <Dialog open={editing} onOpenChange={setEditing} title="Edit Assignment">
        {editing ? (
          <AssignmentEditForm
            assignment={a}
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(changes) =>
              update.mutate(
                { id: a.id, changes },
                {
                  onSuccess: () => {
                    toast.success('Assignment saved');
                    setEditing(false);
                  },
                  onError: (err) =>
                    toast.error('Failed to save the assignment', {
                      description: errorMessage(err),
                      duration: TIMINGS.toastErrorMs,
                    }),
                },
              )
            }
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this assignment?"
        message="The assignment goes; the candidates' attempts stay in their history."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(a.id, {
            onSuccess: () => {
              toast.success('Assignment deleted');
              navigate('/admin/assignments', { replace: true });
            },
            onError: (err) =>
              toast.error('Failed to delete the assignment', {
                description: errorMessage(err),
                duration: TIMINGS.toastErrorMs,
              }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </div>
  );
}
