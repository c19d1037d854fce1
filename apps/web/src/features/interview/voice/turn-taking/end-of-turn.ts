import { VOICE } from '@candor/shared';
import { answerStartedAt } from '../answer-draft';
import type { TurnModel } from './state';

/**
 * End-of-turn detection: whether the candidate's answer is over, asked every
 * VOICE.silenceCheckEveryMs. Pure, and on its own, so the rules can change without touching the
 * rest of the turn-taking (issue 27).
 *
 * - `limit`: a demanding interviewer cuts a ramble off; the answer goes as it stands, mid-sentence
 *   too, once it has run `maxAnswerMs`.
 * - `silence`: VOICE.silenceBeforeSendMs without a word, counted from the candidate's last words,
 *   last keystroke in the code editor, or the end of the interviewer's voice — unless the candidate
 *   asked for time to think, or server recognition is still hearing or transcribing speech.
 */
export type TurnEnd = 'limit' | 'silence' | null;

/** "Time to think" runs out after VOICE.thinkingCapMs. */
export function thinkingRunsOut(s: TurnModel, now: number): boolean {
  return s.view.thinking && now - s.thinkingSince > VOICE.thinkingCapMs;
}

export function endOfTurn(s: TurnModel, now: number, maxAnswerMs: number | null): TurnEnd {
  const { phase, pending, thinking } = s.view;
  // The floor is not the candidate's.
  if (phase === 'speaking' || phase === 'waiting') return null;
  const began = answerStartedAt(s.draft);
  if (maxAnswerMs !== null && began !== null && now - began >= maxAnswerMs) return 'limit';
  if (!pending || thinking || s.hearing) return null;
  const since = Math.max(s.lastSpeechAt, s.lastInterviewerEndAt, s.lastTypingAt);
  return now - since > VOICE.silenceBeforeSendMs ? 'silence' : null;
}
