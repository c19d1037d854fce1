import {
  DEMANDING_RAMBLE_SECONDS,
  followUpsPerQuestion,
  type AiMessageKind,
  type CompletionReason,
  type InterviewFlow,
  type InterviewerStyle,
} from '@candor/shared';
import { decideCodingTurn, type CodingTurnFacts } from './coding';
import { decideDesignTurn, type DesignTurnFacts } from './design';
import {
  answerWindow,
  completionReason,
  elapsedMinutes,
  elapsedMs,
  isTimeUp,
  wrapUpMinutes,
  type AttemptClock,
} from './completion';
import { MESSAGES, TOPIC_TIME_UP, fixedGreeting, fixedNext, fixedTimeUp } from './messages';
import { REPEAT_LEAD, asksToRepeat } from './repeat';
import type { EngineState } from './state';

/** What the engine knows when deciding a turn. Pure data: no database, no clock of its own. */
export interface TurnContext {
  flow: InterviewFlow;
  title: string;
  durationMinutes: number;
  questions: readonly { questionText: string }[];
  /** The interview clock: time counted while the candidate was in the interview (decision 038). */
  clock: AttemptClock;
  now: Date;
  state: EngineState;
  /**
   * The interviewer's last line said goodbye (a `closing` or the time-up message): time running
   * out after it adds no second closing.
   */
  interviewerClosed?: boolean;
  /** Set when the question being answered is a coding one: its runs so far (engine/coding.ts). */
  coding?: CodingTurnFacts;
  /** Set when the question being answered is a system-design one: what to probe (engine/design.ts). */
  design?: DesignTurnFacts;
  /** The set's follow-ups per question (issue 15); 1 when absent. */
  followUpDepth?: number;
  style?: InterviewerStyle;
  /** Set on a fixed question that may be followed up: whether the answers so far are thin. */
  answer?: FixedAnswerFacts;
  /** How long the answer was spoken (seconds), when the client said. */
  answerSeconds?: number;
  /** Fixed flow: invite the candidate's questions after the last question (issue 15). */
  inviteQuestions?: boolean;
  /** Fixed flow, after the invitation: who answers the candidate's questions. */
  answerCandidate?: CandidateQuestionReply;
  /**
   * Fixed flow: the question the interviewer asked last, as it asked it (a follow-up's words, or
   * the set's question): what "could you repeat the question?" hears again. The set's question
   * when absent.
   */
  lastQuestion?: string;
  /**
   * Fixed flow: false when the candidate cut the line asking the current question off before its
   * question (issue 27): it is asked again rather than taken as answered.
   */
  questionHeard?: boolean;
}

/**
 * The reply to what the candidate said after the invitation, given how many questions they asked
 * before: an answer (and an offer of another), or a goodbye that closes the interview. The
 * builtin answerer, given by modules/turns/context.ts (the engine knows no answers itself).
 */
export type CandidateQuestionReply = (
  said: string,
  askedBefore: number,
) => { text: string; kind: 'answer-to-candidate' | 'closing' };

/** What the fixed flow knows of the answers to the question being asked (issue 15). */
export interface FixedAnswerFacts {
  /** Short, or missing most of the expected answer's key points. */
  thin: boolean;
  /** A word naming what the answers left out, for the probe; null when nothing names it. */
  hint: string | null;
  /** The answer declined ("I don't know"): the probe offers a smaller piece (issue 27). */
  declined?: boolean;
}

/**
 * The fixed flow's probe on a thin answer: about what it left out, never the point itself. After
 * "I don't know" it asks for a smaller piece instead, as a person would, rather than moving on.
 */
export function fixedFollowUp(hint: string | null, declined = false): string {
  if (declined) {
    return hint
      ? `That's all right. Let's take a smaller piece of it: what do you know about ${hint}?`
      : "That's all right. Even a partial answer helps: how would you start working it out?";
  }
  return hint
    ? `Before we move on: what about ${hint}? How does it come into your answer?`
    : 'Before we move on: can you give a concrete example from your own work?';
}

export const STOP_THERE = 'Let me stop you there.';

export type TurnDecision =
  /** The engine's own words (fixed flow, completion messages). */
  | {
      kind: 'say';
      text: string;
      /** What the message is (stored as meta.kind; the report groups by it). */
      messageKind: AiMessageKind;
      state: EngineState;
      /** The fixed question this message asks. */
      questionIndex?: number;
      /** Set when this turn completes the interview. */
      completes?: CompletionReason;
    }
  /** Topic-based: the AI provider writes the reply from the conversation. */
  | { kind: 'generate'; state: EngineState }
  /** The interview completes without a word (time ran out after the interviewer's goodbye). */
  | { kind: 'close'; state: EngineState; completes: CompletionReason };

/**
 * The state of a completed interview, with the interview time counted at that moment: what
 * follows (the candidate reading "click End Interview", the grace period) is not the interview's
 * time, and its report's duration stops here (issue 28).
 */
function complete(
  ctx: Pick<TurnContext, 'clock' | 'now'>,
  state: EngineState,
  reason: CompletionReason,
): EngineState {
  return {
    ...state,
    completed: true,
    completionReason: reason,
    completedAfterMs: Math.round(elapsedMs(ctx.clock, ctx.now)),
  };
}

/** The reply to any message once the interview is complete, and what it is. */
function afterCompletion(
  ctx: TurnContext,
  reason: CompletionReason,
): { text: string; messageKind: AiMessageKind } {
  if (ctx.flow === 'topic-based')
    return { text: MESSAGES.alreadyCompleted, messageKind: 'closing' };
  if (reason === 'empty-set') return { text: MESSAGES.emptySet, messageKind: 'closing' };
  if (reason === 'time-up') {
    return { text: fixedTimeUp(ctx.durationMinutes), messageKind: 'time-up' };
  }
  return { text: MESSAGES.fixedFinished, messageKind: 'closing' };
}

export function afterCompletionMessage(ctx: TurnContext, reason: CompletionReason): string {
  return afterCompletion(ctx, reason).text;
}

function timeUpMessage(ctx: TurnContext): string {
  return ctx.flow === 'fixed' ? fixedTimeUp(ctx.durationMinutes) : TOPIC_TIME_UP;
}

function askFirst(ctx: TurnContext): TurnDecision {
  const first = ctx.questions[0]!;
  return {
    kind: 'say',
    text: fixedGreeting(ctx.title, ctx.questions.length, first.questionText),
    // The greeting ends with the first question: it is that question.
    messageKind: 'question',
    state: { ...ctx.state, questionIndex: 0 },
    questionIndex: 0,
  };
}

/** The interviewer's introduction when the candidate starts (or the first turn of a resume). */
export function decideIntro(ctx: TurnContext): TurnDecision {
  const done = completionReason({ ...ctx, questionCount: ctx.questions.length });
  if (done === 'empty-set' && !ctx.state.completed) {
    return {
      kind: 'say',
      text: MESSAGES.emptySet,
      messageKind: 'closing',
      state: complete(ctx, ctx.state, done),
      completes: done,
    };
  }
  if (done) return { kind: 'say', ...afterCompletion(ctx, done), state: ctx.state };
  if (ctx.flow === 'fixed') return askFirst(ctx);
  return { kind: 'generate', state: ctx.state };
}

/** The engine's answer to a candidate message. */
export function decideAnswer(ctx: TurnContext, userText: string): TurnDecision {
  if (ctx.state.completed) {
    const reason = ctx.state.completionReason ?? 'questions-exhausted';
    // Time ran out while the candidate was still answering: within the grace period the answer
    // is kept for the last question, and the candidate hears so.
    if (reason === 'time-up' && answerWindow(ctx.clock, ctx.durationMinutes, ctx.now) === 'grace') {
      return {
        kind: 'say',
        text: MESSAGES.lateAnswerSaved,
        messageKind: 'closing',
        state: ctx.state,
      };
    }
    return { kind: 'say', ...afterCompletion(ctx, reason), state: ctx.state };
  }
  if (ctx.flow === 'fixed' && ctx.questions.length === 0) {
    return {
      kind: 'say',
      text: MESSAGES.emptySet,
      messageKind: 'closing',
      state: complete(ctx, ctx.state, 'empty-set'),
      completes: 'empty-set',
    };
  }
  // Not completed (above): the time-up message when the time ran out, as the timer would say it.
  const timeUp = decideTimeUp(ctx);
  if (timeUp?.kind === 'close') {
    // The interviewer had said goodbye: the candidate hears it is over, not a second goodbye.
    return {
      kind: 'say',
      ...afterCompletion(ctx, 'questions-exhausted'),
      state: timeUp.state,
      completes: timeUp.completes,
    };
  }
  if (timeUp) return timeUp;
  if (ctx.flow === 'topic-based') return { kind: 'generate', state: ctx.state };

  // Fixed flow. Before the first question, a 'hello' gets the greeting plus the first question,
  // as the specification says; so does any other first message, since there is nothing to answer.
  // Later, 'hello' inside an answer must not restart the set.
  if (ctx.state.questionIndex < 0) return askFirst(ctx);
  if (ctx.state.invited) return candidateQuestion(ctx, userText);
  // "Could you repeat the question?": said again, and the question still waits for its answer.
  if (asksToRepeat(userText)) {
    const question = ctx.lastQuestion ?? ctx.questions[ctx.state.questionIndex]!.questionText;
    return {
      kind: 'say',
      text: `${REPEAT_LEAD} ${question}`,
      messageKind: 'repeat',
      state: ctx.state,
      questionIndex: ctx.state.questionIndex,
    };
  }
  // The candidate cut in before the question itself: what they said was not its answer (the
  // report joins it to the question before), and the question is asked again.
  if (ctx.questionHeard === false) {
    const index = ctx.state.questionIndex;
    return {
      kind: 'say',
      text: `${MESSAGES.questionUnheard} ${ctx.questions[index]!.questionText}`,
      messageKind: 'question',
      state: ctx.state,
      questionIndex: index,
    };
  }
  let lead = '';
  if (ctx.coding) {
    const move = decideCodingTurn(ctx.state, ctx.coding, ctx.now);
    if (move.kind === 'stay') {
      return {
        kind: 'say',
        text: move.text,
        messageKind: move.messageKind,
        state: move.state,
      };
    }
    lead = move.lead;
  }
  if (ctx.design) {
    const move = decideDesignTurn(ctx.state, ctx.design, ctx.now);
    if (move.kind === 'stay') {
      return { kind: 'say', text: move.text, messageKind: move.messageKind, state: move.state };
    }
    lead = move.lead;
  }
  const cutOff =
    ctx.style === 'demanding' && (ctx.answerSeconds ?? 0) >= DEMANDING_RAMBLE_SECONDS - 1;
  // A thin or vague answer gets a probe about what it left out, while the set allows one and the
  // time has room for it (issue 15). A demanding interviewer cut off a ramble: it moves on.
  const followUps = ctx.state.followUps ?? 0;
  const left = ctx.durationMinutes - elapsedMinutes(ctx.clock, ctx.now);
  if (
    ctx.answer?.thin &&
    !cutOff &&
    followUps < followUpsPerQuestion(ctx.followUpDepth, ctx.style) &&
    left > wrapUpMinutes(ctx.durationMinutes)
  ) {
    return {
      kind: 'say',
      text: fixedFollowUp(ctx.answer.hint, ctx.answer.declined),
      messageKind: 'follow-up',
      state: { ...ctx.state, followUps: followUps + 1 },
    };
  }
  if (cutOff) lead = lead ? `${STOP_THERE} ${lead}` : STOP_THERE;
  // The next question starts with nothing asked about it yet.
  const { probes: _probes, acks: _acks, followUps: _followUps, ...moving } = ctx.state;
  const next = ctx.state.questionIndex + 1;
  if (next < ctx.questions.length) {
    const ask = fixedNext(ctx.questions[next]!.questionText);
    return {
      kind: 'say',
      text: lead ? `${lead} ${ask}` : ask,
      messageKind: 'question',
      state: { ...moving, questionIndex: next },
      questionIndex: next,
    };
  }
  if (ctx.inviteQuestions) {
    // The interview is not over yet: the candidate may ask their own questions first.
    return {
      kind: 'say',
      text: lead ? `${lead} ${MESSAGES.fixedInvitation}` : MESSAGES.fixedInvitation,
      messageKind: 'invite-questions',
      state: { ...moving, invited: true, candidateQuestions: 0 },
    };
  }
  return {
    kind: 'say',
    text: lead ? `${lead} ${MESSAGES.fixedClosing}` : MESSAGES.fixedClosing,
    messageKind: 'closing',
    state: complete(ctx, moving, 'questions-exhausted'),
    completes: 'questions-exhausted',
  };
}

/**
 * Fixed flow, after the invitation: each of the candidate's questions answered, up to three;
 * "no, that's all" or the third question ends the interview, as the last answer did before
 * (issue 15).
 */
function candidateQuestion(ctx: TurnContext, userText: string): TurnDecision {
  const askedBefore = ctx.state.candidateQuestions ?? 0;
  const reply = ctx.answerCandidate?.(userText, askedBefore) ?? {
    text: MESSAGES.fixedFarewell,
    kind: 'closing' as const,
  };
  if (reply.kind === 'closing') {
    return {
      kind: 'say',
      text: reply.text,
      messageKind: 'closing',
      state: complete(ctx, ctx.state, 'questions-exhausted'),
      completes: 'questions-exhausted',
    };
  }
  return {
    kind: 'say',
    text: reply.text,
    messageKind: 'answer-to-candidate',
    state: { ...ctx.state, candidateQuestions: askedBefore + 1 },
  };
}

/**
 * Called by a timer: the time-up message when the time ran out and nobody said so yet. When the
 * interviewer already said goodbye, the interview completes without a second closing.
 */
export function decideTimeUp(
  ctx: TurnContext,
): Extract<TurnDecision, { kind: 'say' | 'close' }> | null {
  if (ctx.state.completed || !isTimeUp(ctx.clock, ctx.durationMinutes, ctx.now)) return null;
  const state = complete(ctx, ctx.state, 'time-up');
  if (ctx.interviewerClosed) return { kind: 'close', state, completes: 'time-up' };
  return {
    kind: 'say',
    text: timeUpMessage(ctx),
    messageKind: 'time-up',
    state,
    completes: 'time-up',
  };
}

/** Whether the interviewer's last line (of `kinds`, oldest first) said goodbye. */
export function saidGoodbye(kinds: readonly (AiMessageKind | undefined)[]): boolean {
  const last = kinds.at(-1);
  return last === 'closing' || last === 'time-up';
}
