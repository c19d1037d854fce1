import {
  CANDIDATE_DEFAULT_PAGE_SIZE,
  CANDIDATE_PAGE_SIZES,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  TIMINGS,
  successRate,
} from '@candor/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { labelled } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Stat } from '@/components/ui/stat';
import { EmptyState, PageHeader, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useCandidates } from '../api/get-candidates';
import { useCohortOptions } from '../api/get-cohort-options';
import { useMakeCoach } from '../api/make-coach';
import { useDeleteCandidate } from '../api/delete-candidate';
import { useUpdateCandidateStatus } from '../api/update-candidate-status';
import { CandidateCreditsControl } from '../components/candidate-credits';
import { formatDay } from '@/lib/format-date';
import { useIsAdministrator } from '@/lib/session';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const SIZE_OPTIONS = CANDIDATE_PAGE_SIZES.map((n) => ({ value: n, label: `${n} per page` }));

const COLUMNS = [
  { label: 'Expand', hidden: true },
  { label: 'Name' },
  { label: 'Email' },
  { label: 'Experience' },
  { label: 'Interviews' },
  { label: 'Status' },
];

/** How a candidate is named in buttons and dialogs: their name, else their e-mail. */
function nameOf(c: { firstName: string; lastName: string; email: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}

export function CandidatesPage() {
  // A coach's list holds their cohorts' candidates, to read; an administrator's everyone's.
  const administrator = useIsAdministrator();
  const cohorts = useCohortOptions();
  const [cohortId, setCohortId] = useState('all');
  const [search, setSearch] = useState('');
  const [experienceLevel, setLevel] = useState('all');
  const [status, setStatus] = useState('all');
  const [limit, setLimit] = useState<number>(CANDIDATE_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const debounced = useDebounced(search.trim(), TIMINGS.candidateSearchDebounceMs);
  // Any filter, search or size change starts again at page 1.
  const [lastKey, setLastKey] = useState('');
  const key = `${debounced}|${experienceLevel}|${status}|${limit}|${cohortId}`;
  if (key !== lastKey) {
    setLastKey(key);
    if (page !== 1) setPage(1);
  }
  const list = useCandidates({
    page,
    limit,
    search: debounced,
    experienceLevel,
    status,
    cohortId: cohortId === 'all' ? '' : cohortId,
  });
  const coach = useMakeCoach();
  const [coaching, setCoaching] = useState<{ id: string; name: string } | null>(null);
  const makeCoach = (id: string) =>
    coach.mutate(id, {
      onSuccess: (person) => {
        setCoaching(null);
        setOpen(null);
        toast.success(`${person.name} is a coach`, {
          description: 'Give them a cohort from the Cohorts page.',
        });
      },
      onError: (err) =>
        toast.error('Failed to make a coach', {
          description: errorMessage(err),
          duration: TIMINGS.toastErrorMs,
        }),
    });
  const toggle = useUpdateCandidateStatus();
  // Deactivation signs the candidate out and locks them out, so it is confirmed first.
  const [deactivating, setDeactivating] = useState<{ id: string; name: string } | null>(null);
  // Deletion removes the account and everything of it for good: confirmed first, too.
  const remove = useDeleteCandidate();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const deleteCandidate = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        setOpen(null);
        toast.success('Candidate deleted');
      },
      onError: (err) =>
        toast.error('Failed to delete candidate', {
          description: errorMessage(err),
          duration: TIMINGS.toastErrorMs,
        }),
    });
  const setCandidateStatus = (id: string, next: 'active' | 'inactive') =>
    toggle.mutate(
      { id, status: next },
      {
        onSuccess: (r) => {
          setDeactivating(null);
          toast.success(r.status === 'active' ? 'Candidate activated' : 'Candidate deactivated');
        },
        onError: (err) =>
          toast.error('Failed to update candidate status', {
            description: errorMessage(err),
            duration: TIMINGS.toastErrorMs,
          }),
      },
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Candidates"
        description={
          administrator
            ? 'Everyone practising on the platform.'
            : 'The candidates of the cohorts you coach.'
        }
      />
      {list.data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[
            ['Total Candidates', list.data.summary.totalCandidates],
            ['Active Candidates', list.data.summary.activeCandidates],
            ['Total Interviews', list.data.summary.totalInterviews],
            ['Completed Interviews', list.data.summary.completedInterviews],
          ].map(([label, value]) => (
            <Stat key={label} label={String(label)} value={value} />
          ))}
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto_auto_auto]">
        <SearchField
          id="candidate-search"
          label="Search candidates"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="candidate-cohort"
          label="Cohort"
          value={cohortId}
          onChange={setCohortId}
          all={administrator ? 'All Cohorts' : 'All My Cohorts'}
          options={(cohorts.data?.cohorts ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          id="candidate-level"
          label="Experience level"
          value={experienceLevel}
          onChange={setLevel}
          all="All Levels"
          options={labelled(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS)}
        />
        <FilterSelect
          id="candidate-status"
          label="Status"
          value={status}
          onChange={setStatus}
          all="All Statuses"
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          id="candidate-size"
          label="Page size"
          value={limit}
          onChange={(value) => setLimit(Number(value))}
          options={SIZE_OPTIONS}
        />
      </div>

      <QueryView
        query={list}
        loading="Loading candidates..."
        errorTitle="Error loading candidates"
        retryLabel="Retry"
      >
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState title="No candidates found" message="Try a different search or filter." />
          ) : (
            <>
              <DataTable caption="Candidates" columns={COLUMNS}>
                {data.data.map((c) => (
                  <Fragment key={c.id}>
                    <tr className="border-b border-border" data-testid="candidate-row">
                      <td className="p-3">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-expanded={open === c.id}
                          aria-label={`Details for ${c.email}`}
                          onClick={() => setOpen(open === c.id ? null : c.id)}
                        >
                          {open === c.id ? <ChevronDown /> : <ChevronRight />}
                        </Button>
                      </td>
                      <td className="p-3 font-medium">
                        {/* Coach review: the candidate's attempts, progress and reports. */}
                        <Link
                          to={`/admin/candidates/${c.id}`}
                          className="text-primary hover:underline"
                        >
                          {c.firstName} {c.lastName}
                        </Link>
                      </td>
                      <td className="p-3">{c.email}</td>
                      <td className="p-3">{EXPERIENCE_LEVEL_LABELS[c.experienceLevel]}</td>
                      <td className="p-3">
                        {c.completedInterviews}/{c.totalInterviews}
                      </td>
                      <td className="p-3">
                        <Badge tone={c.status === 'active' ? 'green' : 'grey'}>
                          {c.status === 'active' ? 'Active' : 'Inactive'}
                        </Badge>
                      </td>
                    </tr>
                    {open === c.id ? (
                      <tr className="border-b border-border bg-muted/50">
                        <td colSpan={6} className="p-4">
                          <div className="grid gap-4 sm:grid-cols-3">
                            <div>
                              <p className="text-xs font-semibold uppercase text-muted-foreground">
                                Interview stats
                              </p>
                              <p>
                                {c.totalInterviews} total, {c.completedInterviews} completed
                              </p>
                              <p>
                                Success rate:{' '}
                                {successRate(c.completedInterviews, c.finishedInterviews)}%
                              </p>
                            </div>
                            <div>
                              <p className="text-xs font-semibold uppercase text-muted-foreground">
                                Profile
                              </p>
                              <p>{c.location || 'No location'}</p>
                              <p className="text-muted-foreground">{c.bio || 'No bio'}</p>
                            </div>
                            <div>
                              <p className="text-xs font-semibold uppercase text-muted-foreground">
                                Member since
                              </p>
                              <p>{formatDay(c.createdAt)}</p>
                              {administrator ? (
                                <div className="mt-2 flex flex-wrap gap-2">
                                  <Button
                                    size="sm"
                                    variant={c.status === 'active' ? 'outline' : 'default'}
                                    disabled={toggle.isPending}
                                    onClick={() =>
                                      c.status === 'active'
                                        ? setDeactivating({ id: c.id, name: nameOf(c) })
                                        : setCandidateStatus(c.id, 'active')
                                    }
                                  >
                                    {c.status === 'active' ? 'Deactivate' : 'Activate'}
                                  </Button>
                                  <Button
                                    size="sm"
                                    variant="destructive"
                                    disabled={remove.isPending}
                                    aria-label={`Delete ${nameOf(c)}`}
                                    onClick={() => setDeleting({ id: c.id, name: nameOf(c) })}
                                  >
                                    Delete
                                  </Button>
                                  <Button
                                    size="sm"
                                    variant="outline"
                                    disabled={coach.isPending}
                                    onClick={() => setCoaching({ id: c.id, name: nameOf(c) })}
                                  >
                                    Make coach
                                  </Button>
                                </div>
                              ) : null}
                            </div>
                          </div>
                          {administrator ? (
                            <div className="mt-4 border-t border-border pt-4">
                              <CandidateCreditsControl candidateId={c.id} name={nameOf(c)} />
                            </div>
                          ) : null}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </DataTable>
              <Pagination page={page} totalPages={data.pagination.totalPages} onChange={setPage} />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(isOpen) => !isOpen && setDeactivating(null)}
        title={`Deactivate ${deactivating?.name ?? 'this candidate'}?`}
        message="They will be signed out at once and cannot sign in until you activate the account again. Their interviews and reports are kept."
        confirmLabel="Deactivate"
        busy={toggle.isPending}
        onConfirm={() => deactivating && setCandidateStatus(deactivating.id, 'inactive')}
      />
      <ConfirmDialog
        open={coaching !== null}
        onOpenChange={(isOpen) => !isOpen && setCoaching(null)}
        title={`Make ${coaching?.name ?? 'this candidate'} a coach?`}
        message="They sign in to this portal with the same e-mail and password and see only the candidates of the cohorts you give them. They leave this list of candidates."
        confirmLabel="Make coach"
        busy={coach.isPending}
        onConfirm={() => coaching && makeCoach(coaching.id)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this candidate'}?`}
        message="Their account, interviews, reports and stored files are deleted for good, and they are signed out at once. This cannot be undone."
        confirmLabel="Delete candidate"
        busy={remove.isPending}
        onConfirm={() => deleting && deleteCandidate(deleting.id)}
      />
    </div>
  );
}
