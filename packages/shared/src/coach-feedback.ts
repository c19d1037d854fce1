import { z } from 'zod';

/*
 * Coach feedback on a report (issue 31, slice 3) and the rubric library coaches score with.
 *   Staff (an administrator, or a coach for their cohorts' candidates):
 *     GET  /api/admin/candidates/:id/attempts/:attemptId/feedback → { feedback: CoachFeedback | null }
 *     PUT  /api/admin/candidates/:id/attempts/:attemptId/feedback  CoachFeedbackInput → CoachFeedback
 *     GET  /api/admin/rubrics → { rubrics: Rubric[] };  POST, PUT /:id  RubricInput → Rubric;  DELETE /:id
 *   The candidate, on their own report:
 *     GET  /api/report/interview/:id/coach-feedback → { feedback: CoachFeedback | null }
 *     POST /api/report/interview/:id/coach-feedback/seen → 204
 *     GET  /api/user/coach-feedback → { notices: CoachFeedbackNotice[] } (feedback not yet read)
 */

/** A coach's score per criterion runs from 0 to this (the automatic score is shown out of 10 too). */
export const RUBRIC_SCALE_MAX = 10;

export const COACH_FEEDBACK_LIMITS = {
  /** Characters of one question's comment. */
  comment: 4000,
  /** Characters of the overall comment. */
  overall: 8000,
  /** Questions a report can have comments on (no report comes near it). */
  questions: 200,
  rubricName: 80,
  criterionName: 80,
  criterionDescription: 500,
  criteria: 12,
  /** Rubrics in the library: a small one, kept in one list. */
  rubrics: 50,
} as const;

const L = COACH_FEEDBACK_LIMITS;

const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} is too short`)
    .max(max, `${field} must be at most ${max} characters`);

export const rubricCriterionSchema = z.object({
  name: text('name', L.criterionName, 1),
  description: text('description', L.criterionDescription).default(''),
});
export type RubricCriterion = z.output<typeof rubricCriterionSchema>;

export const rubricInputSchema = z.object({
  name: text('name', L.rubricName, 1),
  criteria: z
    .array(rubricCriterionSchema, { error: 'criteria must be a list' })
    .min(1, 'criteria must hold at least one criterion')
    .max(L.criteria, `criteria must hold at most ${L.criteria} criteria`),
});
export type RubricInput = z.input<typeof rubricInputSchema>;

export const rubricSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The seeded rubric: chosen first, never deleted. */
  isDefault: z.boolean(),
  criteria: z.array(z.object({ name: z.string(), description: z.string() })),
  updatedAt: z.string(),
});
export type Rubric = z.infer<typeof rubricSchema>;

export const rubricListSchema = z.object({ rubrics: z.array(rubricSchema) });
export type RubricList = z.infer<typeof rubricListSchema>;

const criterionScore = z
  .number({ error: `a score must be a whole number from 0 to ${RUBRIC_SCALE_MAX}, or null` })
  .int(`a score must be a whole number from 0 to ${RUBRIC_SCALE_MAX}`)
  .min(0, `a score must be a whole number from 0 to ${RUBRIC_SCALE_MAX}`)
  .max(RUBRIC_SCALE_MAX, `a score must be a whole number from 0 to ${RUBRIC_SCALE_MAX}`)
  .nullable();

export const questionFeedbackInputSchema = z.object({
  /** The question's position in the report (0-based). */
  index: z
    .number({ error: 'index must be a question of the report' })
    .int('index must be a question of the report')
    .min(0, 'index must be a question of the report')
    .max(L.questions - 1, 'index must be a question of the report'),
  comment: text('comment', L.comment).default(''),
  /** One per criterion of the chosen rubric, in its order; null for a criterion left unscored. */
  scores: z
    .array(criterionScore)
    .max(L.criteria, 'scores has more entries than a rubric has criteria')
    .default([]),
});

export const coachFeedbackInputSchema = z.object({
  overall: text('overall', L.overall).default(''),
  /** The rubric scored with; null when the coach only writes. */
  rubricId: z.uuid('rubricId must be a valid id').nullable().default(null),
  questions: z
    .array(questionFeedbackInputSchema, { error: 'questions must be a list' })
    .max(L.questions, `questions must hold at most ${L.questions} entries`)
    .default([]),
});
export type CoachFeedbackInput = z.input<typeof coachFeedbackInputSchema>;

export const questionFeedbackSchema = z.object({
  index: z.number().int(),
  comment: z.string(),
  scores: z.array(z.number().int().nullable()),
});
export type QuestionFeedback = z.infer<typeof questionFeedbackSchema>;

export const coachFeedbackSchema = z.object({
  interviewId: z.uuid(),
  overall: z.string(),
  /** The rubric as it was when the coach scored (a later edit of the library leaves it so). */
  rubric: z
    .object({
      id: z.string().nullable(),
      name: z.string(),
      criteria: z.array(z.object({ name: z.string(), description: z.string() })),
    })
    .nullable(),
  questions: z.array(questionFeedbackSchema),
  /** The coach who last wrote it, named as they were then. */
  coach: z.object({ name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CoachFeedback = z.infer<typeof coachFeedbackSchema>;

export const coachFeedbackResponseSchema = z.object({ feedback: coachFeedbackSchema.nullable() });
export type CoachFeedbackResponse = z.infer<typeof coachFeedbackResponseSchema>;

export const coachFeedbackNoticeSchema = z.object({
  interviewId: z.uuid(),
  title: z.string(),
  coachName: z.string(),
  updatedAt: z.string(),
});
export type CoachFeedbackNotice = z.infer<typeof coachFeedbackNoticeSchema>;

export const coachFeedbackNoticesSchema = z.object({
  notices: z.array(coachFeedbackNoticeSchema),
});
export type CoachFeedbackNotices = z.infer<typeof coachFeedbackNoticesSchema>;
