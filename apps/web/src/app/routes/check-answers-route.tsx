import { useParams } from 'react-router';
import { CheckAnswersPage } from '@/features/answer-check/routes/check-answers';
import { useAnswerRecordings } from '@/features/reports/api/get-report';

/**
 * "Check your answers" after End (decision 024). Recordings are the reports feature's (decision
 * 023): an answer that kept its audio plays beside its words, so the candidate hears what they
 * said before correcting what was recognised. Without recordings the check works the same.
 */
export function CheckAnswersRoute() {
  const { id = '' } = useParams();
  const recordings = useAnswerRecordings(id);
  return <CheckAnswersPage recordingUrlOf={(_, answer) => recordings.data?.get(answer.id)} />;
}
