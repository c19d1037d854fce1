import { judgeTurn, type TurnCompletion } from './rules';

/**
 * How patient the interviewer is at the end of an answer, chosen by the candidate (pre-start
 * screen and Settings). The interviewer style does not change it: a demanding interviewer is
 * strict about content, not about pauses.
 */
export const PATIENCES = ['relaxed', 'normal', 'quick'] as const;
export type Patience = (typeof PATIENCES)[number];
export const DEFAULT_PATIENCE: Patience = 'normal';

/**
 * The silence, in ms, before an answer is taken up, by how it sounds (rules.ts) and the
 * candidate's patience. A finished answer goes in under a second; an unfinished thought waits at
 * least 5 s (mid-thought pauses of candidates run to about 4.5 s); a question or "that's it" goes
 * at once. "Time to think" still stops the clock altogether.
 */
export const END_OF_TURN_WAIT_MS: Record<Patience, Record<TurnCompletion, number>> = {
  quick: { now: 0, finished: 500, unfinished: 5000 },
  normal: { now: 0, finished: 800, unfinished: 6000 },
  relaxed: { now: 0, finished: 1500, unfinished: 8000 },
};

export function endOfTurnWaitMs(heard: string, patience: Patience = DEFAULT_PATIENCE): number {
  return END_OF_TURN_WAIT_MS[patience][judgeTurn(heard).completion];
}
