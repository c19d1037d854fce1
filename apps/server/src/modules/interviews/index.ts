/**
 * The interview record: an attempt's row (`interviews`), its conversation (`interview_messages`)
 * and the views of them (the detail, the completion facts). The attempts, turns and live modules
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
