import { TIMINGS } from '@candor/shared';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/states';
import { useDebounced } from '@/lib/use-debounced';
import { useIsAdministrator } from '@/lib/session';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { useExportCohorts } from '../api/get-export-cohorts';
import { useExportSets } from '../api/get-export-sets';
import { AuditFiltersBar } from '../components/audit-filters';
import { AuditLogTable } from '../components/audit-log-table';
import { ExportResults } from '../components/export-results';

/**
 * Results & Audit: the results as CSV (a coach's: their cohorts' candidates), and, for
 * administrators, the log of every view and change, filtered.
 */
export function ResultsAuditPage() {
  const administrator = useIsAdministrator();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // The "who" box is typed into: ask once the typing pauses; any filter starts at page 1.
  const actor = useDebounced(filters.actor.trim(), TIMINGS.candidateSearchDebounceMs);
  const asked = { ...filters, actor };
  const [lastAsked, setLastAsked] = useState(JSON.stringify(asked));
  if (JSON.stringify(asked) !== lastAsked) {
    setLastAsked(JSON.stringify(asked));
    if (page !== 1) setPage(1);
  }
  const badDays = Boolean(filters.from && filters.to && filters.from > filters.to);
  const log = useAuditLog(page, asked, { enabled: administrator && !badDays });
  const sets = useExportSets(administrator);
  const cohorts = useExportCohorts();
  return (
    <div className="space-y-8">
      <PageHeader
        title={administrator ? 'Results & Audit' : 'Results'}
        description={
          administrator
            ? "Export your cohorts' results, and see who viewed whose data and who changed what."
            : "Export the results of your cohorts' candidates."
        }
      />
      <ExportResults sets={sets.data ?? []} cohorts={cohorts.data?.cohorts ?? []} />
      {administrator ? (
        <section aria-labelledby="audit-log-heading" className="space-y-4">
          <h2 id="audit-log-heading" className="text-xl font-semibold">
            Audit log
          </h2>
          <AuditFiltersBar value={filters} onChange={setFilters} />
          {badDays ? (
            <p role="alert" className="text-sm text-destructive">
              The end date must not be before the start date.
            </p>
          ) : (
            <AuditLogTable
              entries={log.data?.entries}
              isPending={log.isPending}
              isError={log.isError}
              onRetry={() => log.refetch()}
              page={page}
              totalPages={log.data?.pagination.totalPages ?? 1}
              onPageChange={setPage}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}
