import { useParams } from 'react-router';
import { ScoreChange } from '@/features/progress/components/score-change';
import { ReportPage } from '@/features/reports/routes/report';

/** The report, with the progress feature's comparison composed into its slot. */
export function ReportRoute() {
  const { id = '' } = useParams();
  return <ReportPage comparison={<ScoreChange interviewId={id} />} />;
}
