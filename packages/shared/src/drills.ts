import { z } from 'zod';
import { QUESTION_KINDS } from './constants';
export { DRILL, DRILL_TITLE, drillReason } from './drill-rules';

/**
 * Practise next as a drill (issue 30, decision 045): the three weakest skills across the
 * candidate's recent scored attempts make a short set of retries of their weakest questions and
 * new questions on them, started with one click. The rules are in decision 045; the numbers here.
 *
 *   GET  /api/user/drill                → DrillPlan (what a drill would hold now; empty without scores)
 *   POST /api/user/drills               → { id, roomId } (the drill attempt, charged like any)
 *   GET  /api/interview/:id/drill       → DrillPlan (why each question of that drill is in it)
 */

/** A weak skill: the mean of the report's scores of the answers on it (0–100), and how many. */
export const drillSkillSchema = z.object({
  skill: z.string(),
  score: z.number().int(),
  answers: z.number().int(),
});
export type DrillSkill = z.infer<typeof drillSkillSchema>;

export const drillQuestionSchema = z.object({
  /** Its place in the drill, from 0. */
  position: z.number().int(),
  /** The weak skill it practises (one of the plan's skills). */
  skill: z.string(),
  /** A retry of the skill's weakest question, or a question on it the candidate was not asked lately. */
  source: z.enum(['retry', 'new']),
  kind: z.enum(QUESTION_KINDS),
  /** A retry's question as first asked; null for a new one (not shown before it is asked). */
  question: z.string().nullable(),
  /** A retry's latest score and when it was given; null for a new question. */
  lastScore: z.number().int().nullable(),
  lastAskedAt: z.string().nullable(),
});
export type DrillQuestion = z.infer<typeof drillQuestionSchema>;

export const drillPlanSchema = z.object({
  minutes: z.number().int(),
  /** Weakest first; empty when the candidate has no scored answer yet. */
  skills: z.array(drillSkillSchema),
  questions: z.array(drillQuestionSchema),
  /** How many recent attempts the skills were read from. */
  attemptsRead: z.number().int(),
});
export type DrillPlan = z.infer<typeof drillPlanSchema>;

export const createDrillResponseSchema = z.object({ id: z.uuid(), roomId: z.string() });
