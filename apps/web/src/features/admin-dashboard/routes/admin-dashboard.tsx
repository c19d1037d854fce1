import { ATTEMPT_IDLE_HOURS, successRate } from '@candor/shared';
import {
  Award,
  CalendarClock,
  CheckCircle2,
  FolderTree,
  ListChecks,
  PlayCircle,
  Target,
  Users,
  XCircle,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { aiUsageQueryOptions } from '../api/get-ai-usage';
import { analyticsQueryOptions, useAnalytics } from '../api/get-analytics';
import { AiUsage, AI_USAGE_DAYS } from '../components/ai-usage';

/** What the dashboard draws first (@candor/shared's firstReads), read before it is drawn (app/first-queries.ts). */
export const firstQueries = () => [analyticsQueryOptions, aiUsageQueryOptions(AI_USAGE_DAYS)];

export function AdminDashboardPage() {
  const { data, isPending, isError, refetch } = useAnalytics();
  if (isPending) return <LoadingState text="Loading analytics..." />;
  if (isError)
    return (
      <ErrorState
        title="Failed to load analytics"
        onRetry={() => refetch()}
        retryLabel="Try Again"
      />
    );
  const na = (v: number | string | null) => (v === null || v === undefined ? 'N/A' : v);
  // Every attempt has one of four statuses, so the four status cards add up to the total.
  const cards = [
    { label: 'Total Users', value: data.totalUsers, icon: Users },
    {
      label: 'Total Interviews',
      value: data.totalInterviews,
      icon: ListChecks,
      note: 'Completed + scheduled + in progress + cancelled',
    },
    { label: 'Completed', value: data.completedInterviews, icon: CheckCircle2 },
    { label: 'Scheduled', value: data.scheduledInterviews, icon: CalendarClock },
    { label: 'In Progress', value: data.inProgressInterviews, icon: PlayCircle },
    {
      label: 'Cancelled Interviews',
      value: data.cancelledInterviews,
      icon: XCircle,
      note: `Includes ${data.abandonedInterviews} abandoned (idle ${ATTEMPT_IDLE_HOURS} h)`,
    },
    {
      label: 'Success Rate',
      value:
        data.finishedInterviews === 0
          ? 'N/A'
          : `${successRate(data.completedInterviews, data.finishedInterviews)}%`,
      icon: Target,
      note: 'Completed out of finished interviews',
    },
    {
      label: 'Average Score',
      value: data.averageScore === null ? 'N/A' : `${data.averageScore}%`,
      icon: Award,
    },
    { label: 'Top Category', value: na(data.topCategory), icon: FolderTree },
  ];
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description="The platform at a glance." />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ label, value, icon: Icon, note }) => (
          <Card key={label} className="flex items-center gap-4 p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="truncate text-2xl font-bold" data-testid={`analytics-${label}`}>
                {value}
              </p>
              {note ? (
                <p
                  className="text-xs text-muted-foreground"
                  data-testid={`analytics-note-${label}`}
                >
                  {note}
                </p>
              ) : null}
            </div>
          </Card>
        ))}
      </div>
      <AiUsage />
    </div>
  );
}
