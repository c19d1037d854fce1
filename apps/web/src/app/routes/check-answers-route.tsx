import { CheckAnswersPage } from '@/features/answer-check/routes/check-answers';

/**
 * "Check your answers" after End (decision 024). Recordings are another feature's: once an answer
 * has one, this route hands its URL to the check step.
 */
// TODO(issue 14 merge): pass `recordingUrlOf` from the recordings feature (its playback URL of an
// answer that has a recording), e.g. `/api/interview/${id}/answers/${answer.id}/recording`.
export function CheckAnswersRoute() {
  return <CheckAnswersPage />;
}
