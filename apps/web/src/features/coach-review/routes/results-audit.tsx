import { useState } from 'react';
import { PageHeader } from '@/components/ui/states';
import { useAuditLog } from '../api/get-audit-log';
import { useExportSets } from '../api/get-export-sets';
import { AuditLogTable } from '../components/audit-log-table';
import { ExportResults } from '../components/export-results';

/** Results & Audit: the cohort's results as CSV, and the log of every coach view. */
export function ResultsAuditPage() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const sets = useExportSets();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Results & Audit"
        description="Export your cohort's results, and see who viewed whose data."
      />
      <ExportResults sets={sets.data ?? []} />
      <section aria-labelledby="audit-log-heading" className="space-y-4">
        <h2 id="audit-log-heading" className="text-xl font-semibold">
          Audit log
        </h2>
        <AuditLogTable
          entries={log.data?.entries}
          isPending={log.isPending}
          isError={log.isError}
          onRetry={() => log.refetch()}
          page={page}
          totalPages={log.data?.pagination.totalPages ?? 1}
          onPageChange={setPage}
        />
      </section>
    </div>
  );
}
