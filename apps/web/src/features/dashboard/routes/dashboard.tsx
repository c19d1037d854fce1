import { Target } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CreditsLeft } from '@/components/credits-left';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useMe } from '@/lib/session';
import { useQuickPractice } from '../api/get-quick-practice';
import { useRecentCompleted } from '../api/get-recent-completed';
import { useUserStats } from '@/lib/user-stats';
import { AssignedToYou } from '../components/assigned-to-you';
import { QuickPractice } from '../components/quick-practice';
import { RecentCompleted } from '../components/recent-completed';
import { StatCards } from '../components/stat-cards';

/**
 * The candidate Dashboard. `progress` is a slot the app route fills with the progress feature's
 * chart and suggestion (features never import each other).
 */
export function DashboardPage({ progress }: { progress?: ReactNode }) {
  const { data: user } = useMe();
  const quick = useQuickPractice();
  const stats = useUserStats();
  const recent = useRecentCompleted();
  const all = [quick, stats, recent];
  // The screen opened cold is drawn with its figures already read (first-queries.ts), all in one
  // commit: the welcome (the largest paint) then waited for every card below it, two long tasks
  // on a phone's CPU. It is committed first, alone; the rest follows in a transition React may
  // slice (issue 32). Nothing above moves when the rest appears below it.
  const rest = useDeferredValue(true, false);

  // The welcome needs only who is signed in (known before this screen): it is drawn at once, the
  // figures below it when they arrive, so a phone's first screen is not held back by them.
  const welcome = (
    <div className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold">Welcome back, {user?.firstName || 'User'}!</h1>
        <p className="mt-1 text-indigo-100">
          Ready for your next practice interview? Speak your answers and get an honest report.
        </p>
        <CreditsLeft className="mt-2 text-white" />
      </div>
      <Button asChild variant="secondary">
        <Link to="/practice">
          <Target aria-hidden /> Start Practice
        </Link>
      </Button>
    </div>
  );
  if (all.some((q) => q.isError)) {
    return (
      <div className="space-y-8">
        {welcome}
        <ErrorState
          title="Failed to load dashboard"
          onRetry={() => all.forEach((q) => void q.refetch())}
        />
      </div>
    );
  }
  if (!rest) return <div className="space-y-8">{welcome}</div>;
  if (all.some((q) => q.isPending))
    return (
      <div className="space-y-8">
        {welcome}
        <LoadingState text="Loading dashboard data..." />
      </div>
    );

  return (
    <div className="space-y-8">
      {welcome}
      {stats.data ? <StatCards stats={stats.data} /> : null}
      <AssignedToYou />
      <QuickPractice sets={quick.data ?? []} />
      <RecentCompleted items={recent.data?.interviews ?? []} />
      {/* The specification's screen first, then our progress chart: on a phone it is drawn
          only when scrolled to, so the first screen is ready sooner. */}
      {progress}
    </div>
  );
}
