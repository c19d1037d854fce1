import { countWords, type AiMessageKind } from '@candor/shared';
import { wrapUpMinutes } from './completion';
import { asksToRepeat } from './repeat';

/**
 * What a generated interviewer reply is (meta.kind), when its author cannot say: an
 * OpenAI-compatible model writes free text, so the engine decides from the conversation and the
 * clock, never from the reply's wording beyond whether it asks something. The builtin interviewer
 * knows what it said and says so instead (ai/builtin/interviewer.ts). The rule, in order:
 *
 * 1. The first line of the interview is the introduction, and a `question`: the prompt asks for
 *    a greeting and a first warm-up question, often in the imperative ("Tell me about yourself"),
 *    and the candidate's first words answer it.
 * 2. Once the interviewer has wrapped up (a `closing` was said), or within the last minutes
 *    (wrapUpMinutes: the prompt tells the model to wrap up then), every line is `closing`: its
 *    answers are not scored, however the model words its farewell.
 * 3. A short probe (at most 25 words) right after a thin answer (fewer than 30 words) to a
 *    question is a `follow-up`: the report groups it with the question it follows.
 * 4. A line that asks nothing (no question mark) after the candidate asked something is the
 *    interviewer's `answer-to-candidate`: the candidate then goes on with the question open.
 * 0. (Issue 15) A line inviting the candidate's questions ("Do you have any questions for me?") is
 *    `invite-questions`; after it, lines are `answer-to-candidate` until one says goodbye
 *    (`closing`).
 * 5. Anything else is a `question` (models also ask in the imperative: "Walk me through…").
 * (Issue 27) A line that asks something right after the candidate asked to hear the question again
 * ("Could you repeat the question?") is a `repeat`, before rules 2 to 5: the request is not an
 * answer, and the question stays open.
 */
export interface GeneratedReplyFacts {
  /** Kinds of the interviewer's earlier lines, oldest first (undefined: untagged, pre-v2). */
  earlierKinds: readonly (AiMessageKind | undefined)[];
  /** What the candidate said since the interviewer last spoke ('' for the introduction). */
  answerSince: string;
  /** The reply, as stored. */
  reply: string;
  durationMinutes: number;
  elapsedMinutes: number;
}

/** Below this many words an answer is thin: a short line after it probes it. */
export const THIN_ANSWER_WORDS = 30;
/** At most this many words make a probe rather than a new question. */
export const PROBE_MAX_WORDS = 25;

const asks = (text: string) => text.includes('?');

/** The invitation to the candidate's own questions, however a model words it. */
const INVITES = /\b(any|other|more) questions? (for me|you(?:'d| would) like to ask)\b/i;
/** A model's goodbye after the candidate's questions. */
const FAREWELL_WORDS =
  /\b(good ?bye|good luck|thank you for your time|end interview|best of luck)\b/i;

export function generatedReplyKind(facts: GeneratedReplyFacts): AiMessageKind {
  const { earlierKinds, answerSince, reply } = facts;
  if (earlierKinds.length === 0) return 'question';
  // The candidate's questions (issue 15): once invited, the interviewer answers them until it
  // says goodbye; what the candidate says then is never scored as an answer.
  const invited = earlierKinds.includes('invite-questions');
  if (!invited && !earlierKinds.includes('closing') && INVITES.test(reply)) {
    return 'invite-questions';
  }
  if (invited && !earlierKinds.includes('closing')) {
    return FAREWELL_WORDS.test(reply) && !asks(reply) ? 'closing' : 'answer-to-candidate';
  }
  if (!earlierKinds.includes('closing') && asksToRepeat(answerSince) && asks(reply))
    return 'repeat';
  const left = facts.durationMinutes - facts.elapsedMinutes;
  if (earlierKinds.includes('closing') || left <= wrapUpMinutes(facts.durationMinutes)) {
    return 'closing';
  }
  const last = earlierKinds.findLast(
    (k) => k !== 'apology' && k !== 'answer-to-candidate' && k !== 'repeat' && k !== undefined,
  );
  const thin = countWords(answerSince) < THIN_ANSWER_WORDS;
  if (
    (last === 'question' || last === 'follow-up') &&
    thin &&
    asks(reply) &&
    countWords(reply) <= PROBE_MAX_WORDS
  ) {
    return 'follow-up';
  }
  if (!asks(reply) && asks(answerSince)) return 'answer-to-candidate';
  return 'question';
}

/**
 * Whether a generated reply ends the interview: a `closing` that says goodbye and asks nothing
 * (the builtin interviewer's "Thank you, that's all from me… click End Interview", a model's
 * "Good luck!"). Then the interview is complete as a fixed set's is after its last question, so
 * End does not ask "not yet complete" and the report does not say "ended early" (issue 27). A
 * `closing` that still asks something (a model going on in the last minutes) ends nothing.
 */
export function endsInterview(kind: AiMessageKind, reply: string): boolean {
  return kind === 'closing' && FAREWELL_WORDS.test(reply) && !asks(reply);
}
