/**
 * The interview clock (decision 038): an attempt's time counts only while the candidate is in the
 * interview. A live channel that has started the attempt holds its clock; the process holding the
 * channel renews the hold, and the clock stops when the channel closes, or, when its process died
 * without saying so, once the hold runs out. The server's engine does the counting
 * (apps/server/src/engine/completion.ts); everyone else reads the time it counted (`elapsedMs`
 * on an attempt) and works out what is left with `timeLeftMs`.
 */
export const ATTEMPT_CLOCK = {
  /**
   * How long a live channel's hold on the clock lasts unless renewed: past it the channel is taken
   * for gone (its process died) and the clock stops at the last renewal plus this.
   */
  holdMs: 45_000,
  /** Each process renews the hold of the attempts whose channels it has open this often. */
  renewEveryMs: 15_000,
} as const;

/** What is left of `durationMinutes` once `elapsedMs` of interview time counted (≤ 0: none). */
export function timeLeftMs(durationMinutes: number, elapsedMs: number): number {
  return durationMinutes * 60_000 - elapsedMs;
}

/**
 * Whole minutes left, as History and the pre-start screen say them: rounded down, so never more
 * than the live screen's timer shows (08:59 left is 8 minutes); 0 once the time is up.
 */
export function minutesLeft(durationMinutes: number, elapsedMs: number): number {
  return Math.max(0, Math.floor(timeLeftMs(durationMinutes, elapsedMs) / 60_000));
}
