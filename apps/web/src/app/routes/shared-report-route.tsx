import { SHARE_LINK_GONE, sharedRecordingUrl } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ProductMark } from '@/components/product-mark';
import { EmptyState } from '@/components/ui/states';
import { isNotFound } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sharedReportQueryOptions } from '@/features/report-share/api/get-shared-report';
import { ReportView } from '@/features/reports/routes/report';

/**
 * A report someone shared (issue 30), opened from its link without signing in: the reports
 * feature's view, read-only (no Try Again, no retry, no corrections, no way into the app's
 * screens), with recordings only when the candidate included them. An expired, revoked or unknown
 * link says so, and nothing more.
 */
export function SharedReportRoute() {
  const { token = '' } = useParams();
  const options = sharedReportQueryOptions(token);
  const shared = useQuery(options);
  const report = useQuery({ ...options, select: (d) => d.report });
  const recordings = useMemo(
    () => new Map((shared.data?.recordings ?? []).map((id) => [id, sharedRecordingUrl(token, id)])),
    [shared.data, token],
  );
  useDocumentTitle(shared.data ? `${shared.data.candidateName}'s report` : 'Shared report');

  return (
    <div className="min-h-screen bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <ProductMark className="flex items-center gap-2 font-semibold" />
          <span className="text-sm text-muted-foreground">Shared report · read-only</span>
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        {shared.isError && isNotFound(shared.error) ? (
          <EmptyState
            title="This link is not available"
            message={`${SHARE_LINK_GONE}. Ask whoever sent it for a new one.`}
            action={
              <Link to="/login" className="text-sm font-medium text-primary hover:underline">
                Go to sign in
              </Link>
            }
          />
        ) : (
          <>
            {shared.data ? (
              <p className="text-sm text-muted-foreground" data-testid="shared-by">
                {shared.data.candidateName} shared this report with you. The link expires{' '}
                {formatDayTime(shared.data.expiresAt)}.
              </p>
            ) : null}
            <ReportView
              report={report}
              conversation={shared.data?.conversation}
              transcriptError={false}
              recordings={recordings}
            />
          </>
        )}
      </main>
    </div>
  );
}
