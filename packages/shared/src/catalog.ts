import { z } from 'zod';
import { codingSpecSchema, type CodingSpec } from './coding';
import { systemDesignSpecSchema, type SystemDesignSpec } from './system-design';
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_KIND,
  DIFFICULTIES,
  FOLLOW_UP_DEPTHS,
  INTERVIEW_TYPES,
  LIMITS,
  QUESTION_DIFFICULTIES,
  QUESTION_KINDS,
} from './constants';

/*
 * The catalogue API (every body, query and response validated with the schemas below).
 *
 * Candidate (signed-in candidate session):
 *   GET  /api/interview/quick-practice           → InterviewSetSummary[]  active sets with showHome
 *   GET  /api/interview/categories/available     → AvailableCategory[]    active categories + active-set counts
 *   GET  /api/interview/sets/available           → InterviewSetSummary[]  active sets in active categories
 *   GET  /api/interview/sets/:id                 → InterviewSetDetail     404 unless active; questions without expected answers
 *
 * Admin (admin-portal session; 401 without, 403 for a candidate):
 *   GET    /api/admin/categories                 → Category[]
 *   POST   /api/admin/categories  CategoryInput  → Category (201)
 *   PUT    /api/admin/categories/:id  CategoryUpdate (only isActive = the toggle) → { category }
 *   DELETE /api/admin/categories/:id             → 204; 409 while it still has interview sets
 *   GET    /api/admin/categories/:id/export      → CatalogueExport (the category, its sets and questions)
 *   POST   /api/admin/categories/import  CatalogueExport → { categories, sets, questions } created; all or nothing
 *   GET    /api/admin/interview-sets             → InterviewSet[]
 *   POST   /api/admin/interview-sets  InterviewSetInput → InterviewSet (201)
 *   PUT    /api/admin/interview-sets/:id  InterviewSetInput (partial) → InterviewSet
 *   DELETE /api/admin/interview-sets/:id         → 204 (past attempts and reports stay readable)
 *   GET    /api/admin/questions/:interviewId     → { questions: Question[], interviewSet: InterviewSet }
 *   POST   /api/admin/questions  QuestionCreate  → Question (201), appended at the end
 *   PUT    /api/admin/questions  QuestionUpdate (id in the body) → Question
 *   DELETE /api/admin/questions/:id              → 204; the rest are renumbered 1..n
 *   PUT    /api/admin/questions/reorder  { interviewSetId, orderedIds } → Question[] in the new order
 */

const trimmed = z.string().trim();

export const categoryInputSchema = z.object({
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .min(LIMITS.categoryNameMin, 'Category name must be at least 2 characters')
    .max(80, 'Category name must be at most 80 characters'),
  description: trimmed.max(500, 'Description must be at most 500 characters').default(''),
  icon: trimmed.max(8, 'Icon must be an emoji or at most 8 characters').default(''),
  isActive: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** Only the fields sent change (the toggle sends isActive alone); defaults never fill in. */
export const categoryUpdateSchema = z
  .object({
    name: categoryInputSchema.shape.name.optional(),
    description: categoryInputSchema.shape.description.unwrap().optional(),
    icon: categoryInputSchema.shape.icon.unwrap().optional(),
    isActive: categoryInputSchema.shape.isActive.unwrap().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

export interface Category {
  id: string;
  name: string;
  description: string;
  icon: string;
  isActive: boolean;
  createdAt: string;
  _count: { interviewSets: number };
}

export interface AvailableCategory {
  id: string;
  name: string;
  description: string;
  icon: string;
  /** Active interview sets in this category. */
  count: number;
}

const KEY_POINT_LENGTH = `A key point must be at most ${LIMITS.keyPointMax} characters`;
/** Blank lines are dropped and repeats kept once, so a pasted list needs no cleaning. */
const keyPointsSchema = z
  .array(
    z
      .string({ error: 'Each key point must be text' })
      .trim()
      .max(LIMITS.keyPointMax, KEY_POINT_LENGTH),
    {
      error: 'Key points must be a list of texts',
    },
  )
  .max(LIMITS.keyPointsMax * 4, `At most ${LIMITS.keyPointsMax} key points`)
  .transform((points) => [...new Set(points.filter((p) => p !== ''))])
  .refine((points) => points.length <= LIMITS.keyPointsMax, {
    message: `At most ${LIMITS.keyPointsMax} key points`,
  });

export const questionInputSchema = z.object({
  questionText: z
    .string({ error: 'Question text is required' })
    .trim()
    .min(1, 'Question text is required')
    .max(2000, 'Question text must be at most 2000 characters'),
  expectedAnswer: trimmed
    .max(5000, 'Expected answer must be at most 5000 characters')
    .optional()
    .nullable(),
  difficulty: z
    .enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' })
    .default('medium'),
  /** Which rubric scores the answer (warm-up answers get feedback only). */
  kind: z
    .enum(QUESTION_KINDS, {
      error: 'Kind must be warm-up, technical, behavioural, coding or system-design',
    })
    .default(DEFAULT_QUESTION_KIND),
  /** A coding question's problem spec (issue 16): required with kind coding, refused otherwise. */
  coding: codingSpecSchema.optional().nullable(),
  /** A system-design question's spec (issue 29): required with kind system-design, refused otherwise. */
  systemDesign: systemDesignSpecSchema.optional().nullable(),
  /**
   * The points a strong answer covers, one claim each, checked one by one in the report. When
   * empty, the report splits the expected answer into points instead.
   */
  keyPoints: keyPointsSchema.default([]),
  timeLimit: z
    .number({ error: 'Time limit must be between 60 and 1800 seconds' })
    .int('Time limit must be between 60 and 1800 seconds')
    .min(LIMITS.questionTimeLimitMin, 'Time limit must be between 60 and 1800 seconds')
    .max(LIMITS.questionTimeLimitMax, 'Time limit must be between 60 and 1800 seconds')
    .multipleOf(LIMITS.questionTimeLimitStep, 'Time limit must be a multiple of 30 seconds')
    .default(LIMITS.questionTimeLimitDefault),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

export const CODING_NEEDS_SPEC = 'A coding question needs its problem spec (coding)';
export const SPEC_NEEDS_CODING_KIND = 'Only a coding question has a problem spec (coding)';

/**
 * The one rule that spans two fields of a question: kind coding and a coding spec go together.
 * Checked on create, on update (with the stored row merged in) and on set and catalogue imports.
 */
export function codingQuestionIssue(q: { kind?: string | null; coding?: unknown }): string | null {
  const isCoding = q.kind === 'coding';
  if (isCoding && !q.coding) return CODING_NEEDS_SPEC;
  if (!isCoding && q.coding) return SPEC_NEEDS_CODING_KIND;
  return null;
}

export const SYSTEM_DESIGN_NEEDS_SPEC =
  'A system-design question needs its problem spec (systemDesign)';
export const SPEC_NEEDS_SYSTEM_DESIGN_KIND =
  'Only a system-design question has a system-design spec (systemDesign)';

/** The same rule for system-design questions (issue 29): the kind and its spec go together. */
export function systemDesignQuestionIssue(q: {
  kind?: string | null;
  systemDesign?: unknown;
}): string | null {
  const isDesign = q.kind === 'system-design';
  if (isDesign && !q.systemDesign) return SYSTEM_DESIGN_NEEDS_SPEC;
  if (!isDesign && q.systemDesign) return SPEC_NEEDS_SYSTEM_DESIGN_KIND;
  return null;
}

/**
 * A list of questions, each held to `codingQuestionIssue` (path: questions.N.coding) and
 * `systemDesignQuestionIssue` (path: questions.N.systemDesign).
 */
function withCodingRule<
  T extends z.ZodType<{ kind?: string | null; coding?: unknown; systemDesign?: unknown }[]>,
>(schema: T) {
  return schema.superRefine((list, ctx) => {
    list.forEach((q, i) => {
      const issue = codingQuestionIssue(q);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [i, 'coding'] });
      const design = systemDesignQuestionIssue(q);
      if (design) ctx.addIssue({ code: 'custom', message: design, path: [i, 'systemDesign'] });
    });
  });
}

export const questionCreateSchema = questionInputSchema.extend({
  interviewSetId: z.uuid('interviewSetId must be a valid id'),
});
/** Defaults must not fill in on an update: only the fields sent change. */
export const questionUpdateSchema = z.object({
  id: z.uuid('id must be a valid id'),
  questionText: questionInputSchema.shape.questionText.optional(),
  expectedAnswer: questionInputSchema.shape.expectedAnswer,
  difficulty: questionInputSchema.shape.difficulty.unwrap().optional(),
  kind: questionInputSchema.shape.kind.unwrap().optional(),
  coding: codingSpecSchema.optional().nullable(),
  systemDesign: systemDesignSpecSchema.optional().nullable(),
  keyPoints: keyPointsSchema.optional(),
  timeLimit: questionInputSchema.shape.timeLimit.unwrap().optional(),
});
export const questionReorderSchema = z.object({
  interviewSetId: z.uuid('interviewSetId must be a valid id'),
  orderedIds: z.array(z.uuid()).min(1, 'orderedIds must list the questions').max(200),
});

export interface Question {
  id: string;
  interviewSetId: string;
  questionText: string;
  expectedAnswer: string | null;
  difficulty: (typeof QUESTION_DIFFICULTIES)[number];
  kind: (typeof QUESTION_KINDS)[number];
  /** The explicit key points; [] when the report splits the expected answer instead. */
  keyPoints: string[];
  /** A coding question's full spec (admin only: hidden tests included). */
  coding: CodingSpec | null;
  /** A system-design question's spec (admin only: it is the yardstick, issue 29). */
  systemDesign: SystemDesignSpec | null;
  timeLimit: number;
  /** 1-based, contiguous within the set. */
  order: number;
}

const topicsSchema = z
  .array(trimmed.min(1, 'Topics cannot be empty').max(60, 'A topic must be at most 60 characters'))
  .max(30, 'At most 30 topics')
  .transform((topics) => [...new Set(topics)]);

/** 0, 1 or 2 follow-ups per question (issue 15). */
export const followUpDepthSchema = z
  .number({ error: 'followUpDepth must be 0, 1 or 2' })
  .int('followUpDepth must be 0, 1 or 2')
  .refine((n) => (FOLLOW_UP_DEPTHS as readonly number[]).includes(n), {
    message: 'followUpDepth must be 0, 1 or 2',
  });

/** Sets and the attempts taken from them share this one range. */
const DURATION_MESSAGE = `Duration must be between ${LIMITS.setDurationMin} and ${LIMITS.setDurationMax} minutes`;

const interviewSetFields = {
  categoryId: z.uuid({ error: 'Category is required' }),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(150, 'Title must be at most 150 characters'),
  description: trimmed.max(2000, 'Description must be at most 2000 characters').default(''),
  type: z
    .enum(INTERVIEW_TYPES, { error: 'Type must be fixed or topic-based' })
    .default('topic-based'),
  difficulty: z
    .enum(DIFFICULTIES, { error: 'Difficulty must be junior, mid, senior or staff' })
    .default(DEFAULT_DIFFICULTY),
  duration: z
    .number({ error: DURATION_MESSAGE })
    .int(DURATION_MESSAGE)
    .min(LIMITS.setDurationMin, DURATION_MESSAGE)
    .max(LIMITS.setDurationMax, DURATION_MESSAGE)
    .default(LIMITS.setDurationDefault),
  topics: topicsSchema.default([]),
  /** Follow-ups the interviewer may ask per question, on a thin or vague answer (issue 15). */
  followUpDepth: followUpDepthSchema.default(1),
  /**
   * Fixed sets: after the last question the interviewer asks "Do you have any questions for me?"
   * and answers up to three (issue 15). Topic-based interviews always do.
   */
  inviteQuestions: z.boolean({ error: 'inviteQuestions must be true or false' }).default(true),
  aiPrompt: trimmed.max(4000, 'AI prompt must be at most 4000 characters').optional().nullable(),
  showHome: z.boolean().default(false),
  isActive: z.boolean().default(true),
  /** Fixed sets: the questions in order (replaces the set's questions when given on update). */
  questions: withCodingRule(
    z.array(questionInputSchema).max(100, 'At most 100 questions'),
  ).optional(),
};

const FIXED_NEEDS_QUESTIONS = 'A fixed interview set needs at least one question';

export const interviewSetInputSchema = z
  .object(interviewSetFields)
  .refine((v) => v.type !== 'fixed' || (v.questions?.length ?? 0) > 0, {
    message: FIXED_NEEDS_QUESTIONS,
    path: ['questions'],
  });
export type InterviewSetInput = z.input<typeof interviewSetInputSchema>;

/**
 * Updates may send any subset (defaults never fill in); the server checks the fixed-set rule
 * against the stored set.
 */
export const interviewSetUpdateSchema = z.object({
  categoryId: interviewSetFields.categoryId.optional(),
  title: interviewSetFields.title.optional(),
  description: interviewSetFields.description.unwrap().optional(),
  type: interviewSetFields.type.unwrap().optional(),
  difficulty: interviewSetFields.difficulty.unwrap().optional(),
  duration: interviewSetFields.duration.unwrap().optional(),
  topics: topicsSchema.optional(),
  followUpDepth: followUpDepthSchema.optional(),
  inviteQuestions: interviewSetFields.inviteQuestions.unwrap().optional(),
  aiPrompt: interviewSetFields.aiPrompt,
  showHome: interviewSetFields.showHome.unwrap().optional(),
  isActive: interviewSetFields.isActive.unwrap().optional(),
  questions: interviewSetFields.questions,
});
export type InterviewSetUpdate = z.input<typeof interviewSetUpdateSchema>;
export { FIXED_NEEDS_QUESTIONS };

export interface InterviewSetSummary {
  id: string;
  title: string;
  description: string;
  category: { id: string; name: string };
  categoryId: string;
  categoryName: string;
  difficulty: (typeof DIFFICULTIES)[number];
  type: (typeof INTERVIEW_TYPES)[number];
  topics: string[];
  duration: number;
  /** Follow-ups per question on a thin answer: 0, 1 or 2 (issue 15). */
  followUpDepth: number;
  /** Fixed sets: the candidate's questions are invited after the last question (issue 15). */
  inviteQuestions: boolean;
  showHome: boolean;
  isActive: boolean;
  createdAt: string;
  _count: { interviews: number; questions: number };
  /** The caller's completed attempts of this set (candidate lists only). */
  completedCount?: number;
}

export interface InterviewSet extends InterviewSetSummary {
  aiPrompt: string | null;
}

/** What a candidate sees of a set: questions without their expected answers and key points. */
export interface InterviewSetDetail extends InterviewSetSummary {
  aiPrompt: string | null;
  questions: Omit<Question, 'expectedAnswer' | 'keyPoints' | 'kind' | 'coding' | 'systemDesign'>[];
}

export const CATALOGUE_EXPORT_VERSION = 1;

export const catalogueExportSchema = z.object({
  version: z.literal(CATALOGUE_EXPORT_VERSION, { error: 'version must be 1' }),
  category: categoryInputSchema,
  sets: z
    .array(
      z
        .object({ ...interviewSetFields, categoryId: z.undefined().optional() })
        .refine((v) => v.type !== 'fixed' || (v.questions?.length ?? 0) > 0, {
          message: FIXED_NEEDS_QUESTIONS,
          path: ['questions'],
        }),
    )
    .max(500),
});
export type CatalogueExport = z.input<typeof catalogueExportSchema>;

export const idParamSchema = z.object({ id: z.uuid('id must be a valid id') });
export const interviewIdParamSchema = z.object({
  interviewId: z.uuid('interviewId must be a valid id'),
});
