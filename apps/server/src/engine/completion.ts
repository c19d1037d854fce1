import { LIMITS, type CompletionReason, type InterviewFlow } from '@candor/shared';
import type { EngineState } from './state';

export interface CompletionInput {
  flow: InterviewFlow;
  questionCount: number;
  durationMinutes: number;
  startedAt: Date | null;
  now: Date;
  state: EngineState;
}

/** Minutes since the attempt started (0 before it started). */
export function elapsedMinutes(startedAt: Date | null, now: Date): number {
  return startedAt ? Math.max(0, (now.getTime() - startedAt.getTime()) / 60_000) : 0;
}

/**
 * The last minutes of an interview, when the interviewer wraps up rather than opening a new
 * question: the last 10% of the duration, and at least 2 minutes.
 */
export function wrapUpMinutes(durationMinutes: number): number {
  return Math.max(2, durationMinutes * 0.1);
}

/** True when elapsed minutes are at or above the configured duration (spec section 9). */
export function isTimeUp(startedAt: Date | null, durationMinutes: number, now: Date): boolean {
  return startedAt !== null && elapsedMinutes(startedAt, now) >= durationMinutes;
}

/**
 * Whether an answer arriving now is taken: `open` before time runs out (or before the start),
 * `grace` for LIMITS.answerGraceSeconds after it (the answer being given when time ran out is
 * taken and scored, whether or not the time-up message was said yet), `closed` after that.
 */
export type AnswerWindow = 'open' | 'grace' | 'closed';

export function answerWindow(
  startedAt: Date | null,
  durationMinutes: number,
  now: Date,
): AnswerWindow {
  if (!startedAt) return 'open';
  const over = now.getTime() - (startedAt.getTime() + durationMinutes * 60_000);
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
  if (isTimeUp(input.startedAt, input.durationMinutes, input.now)) return 'time-up';
  return null;
}

/** Report generation may run only once the interview is complete or its time has elapsed. */
export function canGenerateReport(input: CompletionInput): boolean {
  return completionReason(input) !== null;
}
