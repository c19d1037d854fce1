import { ATTEMPT_IDLE_HOURS, CANDIDATE_QUESTIONS, INTERVIEWER_NAME } from '@candor/shared';

/**
 * Every sentence the interview engine says by itself, in one place. Quoted strings of the
 * specification (section 4 "Fixed flow", section 8 "Interview and voice") are verbatim.
 */

export const MESSAGES = {
  /** Fixed flow: said before each next question. */
  nextQuestionLead: "Thank you for that answer. Let's move on to the next question:",
  /** Fixed flow: the question again, when the candidate cut in before hearing it (issue 27). */
  questionUnheard: 'Here is the question:',
  /** Fixed flow: after the answer to the last question. */
  fixedClosing:
    "Excellent! We've covered all our questions. Thank you for your thoughtful responses.",
  /**
   * Fixed flow, when the set invites the candidate's questions (issue 15): after the answer to
   * the last question, instead of fixedClosing.
   */
  fixedInvitation: `Excellent! We've covered all our questions. ${CANDIDATE_QUESTIONS.invitation}`,
  /** Fixed flow: the goodbye after the candidate's questions (or their "no, that's all"). */
  fixedFarewell:
    'Thank you for your thoughtful responses and your questions. Click end interview button to submit your responses and get your report',
  /** Fixed flow: any message once every planned question was answered. */
  fixedFinished:
    "We've completed all the planned questions. Thank you for your time today. Click end interview button to submit your responses and get your report",
  /** Topic-based flow: any message once the interview is complete. */
  alreadyCompleted:
    'This interview is already completed. Click end interview button to submit your responses and get your report',
  emptySet:
    'Hello! It seems there are no questions configured for this interview. Please contact the administrator.',
  turnFailure:
    "I apologize, but I'm experiencing difficulties. Let's continue with the interview in a moment.",
  emptyReply: 'I apologize, but I encountered an issue. Could you please repeat that?',
  /** Any answer or end on an attempt the candidate cancelled. */
  cancelled: 'This interview was cancelled.',
  /** An answer that arrived after the time-up message, within the grace period: it counts. */
  lateAnswerSaved:
    "Thank you, I've added that to your answer. Click end interview button to submit your responses and get your report",
  /** Any answer on an attempt that the idle sweep closed as abandoned. */
  abandoned: `This interview was closed after ${ATTEMPT_IDLE_HOURS} hours without activity. Start it again from Practice.`,
  /** The report may only be generated after completion or time-up. */
  notYetComplete: 'Interview is not yet complete',
  reportFailed: 'Failed to generate interview report',
  emptyAiResponse: 'Empty response from AI',
} as const;

/** Time up in a fixed interview (spec section 8). */
export function fixedTimeUp(durationMinutes: number): string {
  return `Thank you for your time. We've reached the end of our allocated ${durationMinutes} minutes for this interview, click end interview button to submit your responses and get your report`;
}

/** An answer refused because it arrived after the grace period that follows time-up. */
export function tooLate(graceSeconds: number): string {
  return `Time is up, so this answer was not added: answers are taken until ${graceSeconds} seconds after the end. Click end interview button to submit your responses and get your report`;
}

/** Time up in a topic-based interview (the spec's variant; its elided tail completed here). */
export const TOPIC_TIME_UP =
  "We've reached our time limit for this interview. Thank you for your participation! Click end interview button to submit your responses and get your report";

/** Fixed flow: the greeting by the interviewer persona plus the first question. */
export function fixedGreeting(title: string, questionCount: number, firstQuestion: string): string {
  const count = questionCount === 1 ? 'one question' : `${questionCount} questions`;
  return `Hello! I'm ${INTERVIEWER_NAME}, and I'll be your interviewer today for ${title}. We'll go through ${count}, one at a time; take your time and think out loud. Let's begin with the first question: ${firstQuestion}`;
}

/** Fixed flow: the lead plus the next question. */
export function fixedNext(question: string): string {
  return `${MESSAGES.nextQuestionLead} ${question}`;
}
