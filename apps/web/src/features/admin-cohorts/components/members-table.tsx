import { TIMINGS } from '@candor/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SearchField } from '@/components/ui/filters';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useCohortMembers } from '../api/get-cohort-members';
import { useRemoveMember } from '../api/remove-member';

/** A cohort's candidates: open one to read their reports; an administrator may take one out. */
export function MembersTable({ cohortId, canRemove }: { cohortId: string; canRemove: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), TIMINGS.candidateSearchDebounceMs);
  const [lastSearch, setLastSearch] = useState('');
  if (debounced !== lastSearch) {
    setLastSearch(debounced);
    if (page !== 1) setPage(1);
  }
  const members = useCohortMembers(cohortId, page, debounced);
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const columns = [
    { label: 'Name' },
    { label: 'Email' },
    { label: 'Interviews' },
    ...(canRemove ? [{ label: 'Actions', hidden: true }] : []),
  ];
  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="members-heading" className="text-xl font-semibold">
          Candidates
        </h2>
        <SearchField
          id="member-search"
          label="Search this cohort"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
          className="sm:w-80"
        />
      </div>
      <QueryView
        query={members}
        loading="Loading candidates..."
        errorTitle="Failed to load candidates"
      >
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState
              title={debounced ? 'Nobody matches your search' : 'No candidates yet'}
              message={debounced ? undefined : 'Add candidates by list, CSV or invite link.'}
            />
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {data.pagination.totalCount} candidate{data.pagination.totalCount === 1 ? '' : 's'}
              </p>
              <DataTable caption="Candidates of this cohort" columns={columns}>
                {data.data.map((c) => {
                  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;
                  return (
                    <tr key={c.id} className="border-b border-border" data-testid="member-row">
                      <td className="p-3 font-medium">
                        <Link
                          to={`/admin/candidates/${c.id}`}
                          className="text-primary hover:underline"
                        >
                          {name}
                        </Link>
                      </td>
                      <td className="p-3">{c.email}</td>
                      <td className="p-3 tabular-nums">
                        {c.completedInterviews}/{c.totalInterviews}
                      </td>
                      {canRemove ? (
                        <td className="p-3 text-right">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Remove ${name} from the cohort`}
                            onClick={() => setRemoving({ id: c.id, name })}
                          >
                            Remove
                          </Button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </DataTable>
              <Pagination page={page} totalPages={data.pagination.totalPages} onChange={setPage} />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this candidate'} from the cohort?`}
        message="Their account and practice stay; the cohort's coaches no longer see them."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: cohortId, userId: removing.id },
            {
              onSuccess: () => toast.success('Removed from the cohort'),
              onError: (err) =>
                toast.error('Failed to remove', {
                  description: errorMessage(err),
                  duration: TIMINGS.toastErrorMs,
                }),
              onSettled: () => setRemoving(null),
            },
          )
        }
      />
    </section>
  );
}
