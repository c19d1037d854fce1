import { Target } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useMe } from '@/lib/session';
import { useQuickPractice } from '../api/get-quick-practice';
import { QuickPractice } from '../components/quick-practice';

export function DashboardPage() {
  const { data: user } = useMe();
  const quick = useQuickPractice();

  if (quick.isPending) return <LoadingState text="Loading dashboard data..." />;
  if (quick.isError)
    return (
      <ErrorState
        title="Failed to load dashboard"
        message={quick.error.message}
        onRetry={() => quick.refetch()}
      />
    );

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {user?.firstName || 'User'}!</h1>
          <p className="mt-1 text-indigo-100">
            Ready for your next practice interview? Speak your answers and get an honest report.
          </p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/practice">
            <Target aria-hidden /> Start Practice
          </Link>
        </Button>
      </div>
      <QuickPractice sets={quick.data} />
    </div>
  );
}
