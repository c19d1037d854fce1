/**
 * The interview record: an attempt's row (`interviews`), its conversation (`interview_messages`)
 * and the views of them (the detail, the completion facts), its interview clock (clock.ts) and
 * whether it is history (answered, history.ts; decision 038). The attempts, turns and live modules
 * write it; the reports, coding, recordings and coach-review modules read it through these
 * functions, never through its tables.
 */
export {
  appendMessage,
  assertAttemptId,
  assertOwner,
  completionOf,
  findAttempt,
  findMessage,
  getInterview,
  loadDetail,
  loadMessages,
  loadOwned,
  lockOwned,
  reportSummary,
  setHeard,
  toConversationMessage,
  toDetail,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from './repository';
export { clockOf, clockWrite, interviewTimeOf, releaseHold, renewHolds } from './clock';
export { answered, answeredAs, markAnswered, removeUnanswered } from './history';
