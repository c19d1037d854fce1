import type { CompletionReason, InterviewFlow } from '@candor/shared';
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

/** True when elapsed minutes are at or above the configured duration (spec section 9). */
export function isTimeUp(startedAt: Date | null, durationMinutes: number, now: Date): boolean {
  return startedAt !== null && elapsedMinutes(startedAt, now) >= durationMinutes;
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
