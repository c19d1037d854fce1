import type { InterviewerStyle } from './constants';

// Apart from constants.ts, which the app's first chunk needs: these serve the interview screens
// and the server only, and a module lands whole in one chunk (the /login budget, e2e/budgets).

/**
 * Follow-ups the interviewer may ask per question on a thin answer: the set's (or the tailored
 * interview's) depth, one more when demanding. The builtin interviewer, the fixed flow, the model's
 * prompt and the pre-start screen's promise all read this one rule.
 */
export function followUpsPerQuestion(
  depth: number | undefined,
  style: InterviewerStyle | undefined,
): number {
  const d = depth ?? 1;
  return style === 'demanding' && d > 0 ? Math.min(2, d + 1) : d;
}

/**
 * What the pre-start screen promises of a style, for the follow-ups this interview allows (issue
 * 27: "one follow-up" was promised where none or two were set).
 */
export function interviewerStyleDescription(style: InterviewerStyle, depth: number): string {
  const n = followUpsPerQuestion(depth, style);
  const followUps =
    n === 0
      ? 'no follow-up questions'
      : `${n === 1 ? 'one follow-up' : 'up to two follow-ups'} where an answer is thin`;
  switch (style) {
    case 'friendly':
      return `Warm acknowledgements, ${followUps}.`;
    case 'neutral':
      return `Brief acknowledgements, no small talk, ${followUps}.`;
    case 'demanding':
      return `The shortest acknowledgements, ${followUps}, and long rambles cut off after two minutes.`;
  }
}
