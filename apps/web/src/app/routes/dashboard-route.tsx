import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { ProgressPanel } from '@/features/progress/components/progress-chart';

/** The Dashboard, with the progress feature's chart and 'practise next' composed into its slot. */
export function DashboardRoute() {
  return <DashboardPage progress={<ProgressPanel />} />;
}
