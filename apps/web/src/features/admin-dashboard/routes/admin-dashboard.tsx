import {
  Award,
  CalendarClock,
  CheckCircle2,
  FolderTree,
  ListChecks,
  Users,
  XCircle,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { useAnalytics } from '../api/get-analytics';

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
  const cards = [
    { label: 'Total Users', value: data.totalUsers, icon: Users },
    { label: 'Total Interviews', value: data.totalInterviews, icon: ListChecks },
    { label: 'Completed', value: data.completedInterviews, icon: CheckCircle2 },
    { label: 'Scheduled', value: data.scheduledInterviews, icon: CalendarClock },
    { label: 'Cancelled Interviews', value: data.cancelledInterviews, icon: XCircle },
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
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="flex items-center gap-4 p-5">
            <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="truncate text-2xl font-bold" data-testid={`analytics-${label}`}>
                {value}
              </p>
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}
