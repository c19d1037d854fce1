import {
  ATTEMPT_CLOCK,
  LIMITS,
  timeLeftMs,
  type CompletionReason,
  type InterviewFlow,
} from '@candor/shared';
import type { EngineState } from './state';

/**
 * An attempt's interview clock (decision 038): time counts only while the candidate is in the
 * interview. `activeMs` is what was counted up to `presentAt`, the last time the candidate was
 * known to be there (null while the clock is stopped: they left). While a live channel holds the
 * clock (`held`) it runs on from `presentAt`; a hold that ran out (its process died without
 * saying the channel closed) counts up to ATTEMPT_CLOCK.holdMs past `presentAt` and stops there.
 * Every time rule below, and everything that shows or reports a duration, reads this count.
 */
export interface AttemptClock {
  /** When the attempt started; null before (nothing counts). */
  startedAt: Date | null;
  activeMs: number;
  presentAt: Date | null;
  held: boolean;
}

/** An attempt not started yet. */
export const NOT_STARTED: AttemptClock = {
  startedAt: null,
  activeMs: 0,
  presentAt: null,
  held: false,
};

/** A clock a live channel has held since `startedAt`: wall time since then counts (tests, benches). */
export function heldSince(startedAt: Date): AttemptClock {
  return { startedAt, activeMs: 0, presentAt: startedAt, held: true };
}

export interface CompletionInput {
  flow: InterviewFlow;
  questionCount: number;
  durationMinutes: number;
  clock: AttemptClock;
  now: Date;
  state: EngineState;
}

/** Interview time counted by `now`, in ms (0 before the start). */
export function elapsedMs(clock: AttemptClock, now: Date): number {
  if (!clock.startedAt) return 0;
  if (!clock.presentAt) return clock.activeMs;
  const since = Math.max(0, now.getTime() - clock.presentAt.getTime());
  return clock.activeMs + (clock.held ? since : Math.min(since, ATTEMPT_CLOCK.holdMs));
}

/** Interview minutes counted by `now` (0 before the start). */
export function elapsedMinutes(clock: AttemptClock, now: Date): number {
  return elapsedMs(clock, now) / 60_000;
}

/**
 * The clock as it is to be stored after a sign of the candidate at `now`: `here` (a live channel
 * opened, renewed or took a turn: the clock runs on from now) or `gone` (the channel closed, the
 * attempt ended: the clock stops). What was counted until now is kept either way.
 */
export function clockAt(
  clock: AttemptClock,
  now: Date,
  sign: 'here' | 'gone',
): { activeMs: number; presentAt: Date | null } {
  return {
    activeMs: Math.round(elapsedMs(clock, now)),
    presentAt: sign === 'here' && clock.startedAt ? now : null,
  };
}

/**
 * The last minutes of an interview, when the interviewer wraps up rather than opening a new
 * question: the last 10% of the duration, and at least 2 minutes.
 */
export function wrapUpMinutes(durationMinutes: number): number {
  return Math.max(2, durationMinutes * 0.1);
}

/** True when the interview time counted reaches the configured duration (spec section 9). */
export function isTimeUp(clock: AttemptClock, durationMinutes: number, now: Date): boolean {
  return clock.startedAt !== null && timeLeftMs(durationMinutes, elapsedMs(clock, now)) <= 0;
}

/**
 * Whether an answer arriving now is taken: `open` before time runs out (or before the start),
 * `grace` for LIMITS.answerGraceSeconds after it (the answer being given when time ran out is
 * taken and scored, whether or not the time-up message was said yet), `closed` after that.
 */
export type AnswerWindow = 'open' | 'grace' | 'closed';

export function answerWindow(
  clock: AttemptClock,
  durationMinutes: number,
  now: Date,
): AnswerWindow {
  if (!clock.startedAt) return 'open';
  const over = -timeLeftMs(durationMinutes, elapsedMs(clock, now));
  if (over < 0) return 'open';
  return over <= LIMITS.answerGraceSeconds * 1000 ? 'grace' : 'closed';
}

/**
 * Why the interview is complete, or null while it goes on: an earlier decision stands; an empty
 * fixed set is complete at once; otherwise time decides.
 */
export function completionReason(input: CompletionInput): CompletionReason | null {
  if (input.state.completed) return input.state.completionReason ?? 'questions-exhausted';
  if (input.flow === 'fixed' && input.questionCount === 0) return 'empty-set';
  if (isTimeUp(input.clock, input.durationMinutes, input.now)) return 'time-up';
  return null;
}

/** Report generation may run only once the interview is complete or its time has elapsed. */
export function canGenerateReport(input: CompletionInput): boolean {
  return completionReason(input) !== null;
}
