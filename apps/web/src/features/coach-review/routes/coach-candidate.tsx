import {
  EXPERIENCE_LEVEL_LABELS,
  interviewMinutes,
  type HistoryItem,
  type UserStats,
} from '@candor/shared';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState, QueryFailure } from '@/components/ui/states';
import { formatDay } from '@/lib/format-date';
import { useCoachAttempts } from '../api/get-coach-attempts';
import { useCoachCandidate } from '../api/get-coach-candidate';
import { BackLink } from '@/components/ui/back-link';

const STATUS_LABELS: Record<HistoryItem['status'], string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const backLink = <BackLink to="/admin/candidates">Back to Candidates</BackLink>;

/**
 * Coach review of one candidate, read-only: their profile, progress and attempts, each attempt
 * opening its report. `progress` renders the candidate's progress chart from their stats: a
 * route composes it from the progress feature.
 */
export function CoachCandidatePage({ progress }: { progress?: (stats: UserStats) => ReactNode }) {
  const { id = '' } = useParams();
  const candidate = useCoachCandidate(id);

  if (candidate.isPending) return <LoadingState text="Loading candidate..." />;
  if (candidate.isError)
    return (
      <QueryFailure
        query={candidate}
        notFound={{
          title: 'Candidate not found',
          message: 'This candidate does not exist or their account was deleted.',
        }}
        failed={{
          title: 'Failed to load candidate',
          message: 'An error occurred while loading the candidate.',
        }}
        action={backLink}
      />
    );
  const { candidate: person, stats } = candidate.data;
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {backLink}
      <Card className="p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold">{name}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {person.email} · {EXPERIENCE_LEVEL_LABELS[person.experienceLevel]} · member since{' '}
              {formatDay(person.createdAt)}
            </p>
          </div>
          <Badge tone={person.status === 'active' ? 'green' : 'grey'}>
            {person.status === 'active' ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Interviews</dt>
            <dd className="text-lg font-semibold">{stats.totalInterviews}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Completed</dt>
            <dd className="text-lg font-semibold">{stats.completedInterviews}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Average score</dt>
            <dd className="text-lg font-semibold" data-testid="coach-average">
              {stats.averageScore === null ? '—' : `${stats.averageScore}%`}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">
          Read-only. Your viewing of this candidate is recorded in the audit log.
        </p>
      </Card>
      {stats.trend.length > 0 && progress ? progress(stats) : null}
      <CoachAttempts candidateId={person.id} />
    </div>
  );
}

function CoachAttempts({ candidateId }: { candidateId: string }) {
  const [page, setPage] = useState(1);
  const attempts = useCoachAttempts(candidateId, page);
  let body: ReactNode;
  if (attempts.isPending) body = <LoadingState text="Loading attempts..." />;
  else if (attempts.isError)
    body = (
      <ErrorState
        title="Failed to load attempts"
        message="An error occurred while loading the attempts."
        onRetry={() => attempts.refetch()}
      />
    );
  else if (attempts.data.interviews.length === 0)
    body = <EmptyState title="No interviews yet" message="This candidate has not practised yet." />;
  else
    body = (
      <>
        <ul className="divide-y divide-border">
          {attempts.data.interviews.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="coach-attempt"
            >
              <div className="min-w-0">
                <p className="font-medium">{a.title}</p>
                <p className="text-sm text-muted-foreground">
                  {a.categoryName} · {formatDay(a.completedAt ?? a.createdAt)} ·{' '}
                  {STATUS_LABELS[a.status]}
                  {a.status === 'completed' ? ` · ${interviewMinutes(a.elapsedMs)} min` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {a.report?.overallScore !== null && a.report?.overallScore !== undefined ? (
                  <span className="text-lg font-semibold">{a.report.overallScore}%</span>
                ) : null}
                {a.report ? (
                  <Link
                    to={`/admin/candidates/${candidateId}/reports/${a.id}`}
                    className="text-sm font-medium text-primary hover:underline"
                    aria-label={`View report: ${a.title}, ${formatDay(a.completedAt ?? a.createdAt)}`}
                  >
                    View report
                  </Link>
                ) : (
                  <span className="text-sm text-muted-foreground">No report</span>
                )}
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={page} totalPages={attempts.data.meta.totalPages} onChange={setPage} />
      </>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Interviews</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
