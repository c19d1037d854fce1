import type { DrillSkill } from './drills';

/*
 * Practise next's numbers and words, without a schema: the dashboard shows them without loading
 * zod (drills.ts, the API's schemas, builds on these).
 */

export const DRILL = {
  /** The drill's length, as a set's duration. */
  minutes: 10,
  /** How many of the weakest skills it practises. */
  skills: 3,
  /** The completed, scored attempts it reads, the latest first. */
  recentAttempts: 10,
  /** The interviewer's introduction and goodbye: not time for questions. */
  openingMinutes: 1,
  /** A spoken question at a human pace, a follow-up now and then (as a tailored plan counts). */
  questionMinutes: 1.5,
  /** A question with an editor or a board (coding, system design). */
  workspaceMinutes: 4,
} as const;

export const DRILL_TITLE = 'Practise next';

/** "Your weakest: System Design 42": why a question is in the drill, in the product's words. */
export function drillReason(skill: Pick<DrillSkill, 'skill' | 'score'>): string {
  return `Your weakest: ${skill.skill} ${skill.score}`;
}
