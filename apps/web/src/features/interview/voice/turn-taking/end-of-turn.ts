import { VOICE, endOfTurnWaitMs, type Patience } from '@candor/shared';
import { answerStartedAt } from '../answer-draft';
import type { TurnModel } from './state';

/**
 * End-of-turn detection: whether the candidate's answer is over, asked every
 * VOICE.silenceCheckEveryMs. Pure, and on its own, so the rules can change without touching the
 * rest of the turn-taking (issue 27, decision 037).
 *
 * - `limit`: a demanding interviewer cuts a ramble off; the answer goes as it stands, mid-sentence
 *   too, once it has run `maxAnswerMs`.
 * - `silence`: the candidate has been silent longer than the words call for
 *   (`endOfTurnWaitMs` of what was heard of the answer so far, at their patience: a question to
 *   the interviewer at once, a finished sentence after a short wait, an unfinished thought after
 *   a long one), counted from their last words, last keystroke in the code editor, or the end of
 *   the interviewer's voice — unless they asked for time to think, or server recognition is still
 *   hearing or transcribing speech.
 */
export type TurnEnd = 'limit' | 'silence' | null;

/** "Time to think" runs out after VOICE.thinkingCapMs. */
export function thinkingRunsOut(s: TurnModel, now: number): boolean {
  return s.view.thinking && now - s.thinkingSince > VOICE.thinkingCapMs;
}

/**
 * What has been heard of the answer so far: its words, those still being recognised, and, when
 * it goes on from an answer already sent, that answer before them (an announced list is owed
 * across the two).
 */
export function heardSoFar(s: TurnModel): string {
  const { pending, interim } = s.view;
  return [s.continues && s.joinable ? s.sentText : '', pending, interim]
    .filter((part) => part.trim() !== '')
    .join(' ');
}

/**
 * The rules read the whole answer every tick (ten times a second while the candidate is
 * silent): the last judgement is kept, since the text rarely changes between ticks.
 */
let last: { heard: string; patience: Patience; ms: number } | null = null;

/** How long a silence ends this answer, in ms. */
export function waitMs(s: TurnModel, patience: Patience): number {
  const heard = heardSoFar(s);
  if (last?.heard !== heard || last.patience !== patience) {
    last = { heard, patience, ms: endOfTurnWaitMs(heard, patience) };
  }
  return last.ms;
}

export function endOfTurn(
  s: TurnModel,
  now: number,
  maxAnswerMs: number | null,
  patience: Patience,
): TurnEnd {
  const { phase, pending, thinking } = s.view;
  // The floor is not the candidate's.
  if (phase === 'speaking' || phase === 'waiting') return null;
  const began = answerStartedAt(s.draft);
  if (maxAnswerMs !== null && began !== null && now - began >= maxAnswerMs) return 'limit';
  if (!pending || thinking || s.hearing) return null;
  const since = Math.max(s.lastSpeechAt, s.lastInterviewerEndAt, s.lastTypingAt);
  return now - since > waitMs(s, patience) ? 'silence' : null;
}
