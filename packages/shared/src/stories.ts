import { z } from 'zod';
import { STORY_LIMITS, type StarPart } from './story-parts';

/**
 * My stories (issue 30): STAR stories a candidate keeps (title, situation, task, action, result,
 * the skills it shows), saved from a behavioural answer, pre-filled from it and editable.
 *
 *   GET    /api/user/stories                          → Story[]
 *   POST   /api/user/stories            StoryBody     → Story
 *   PUT    /api/user/stories/:id        StoryBody     → Story
 *   DELETE /api/user/stories/:id                      → { success: true }
 *   GET    /api/interview/:id/story-draft?question=N  → StoryDraft (from that answer)
 */

const part = (name: StarPart) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(STORY_LIMITS.partMax, `${name} must be at most ${STORY_LIMITS.partMax} characters`);

export const storyBodySchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(STORY_LIMITS.titleMax, `title must be at most ${STORY_LIMITS.titleMax} characters`),
  situation: part('situation'),
  task: part('task'),
  action: part('action'),
  result: part('result'),
  skills: z
    .array(
      z
        .string({ error: 'skills must be a list of words' })
        .trim()
        .min(1, 'a skill cannot be empty')
        .max(STORY_LIMITS.skillMax, `a skill must be at most ${STORY_LIMITS.skillMax} characters`),
      { error: 'skills must be a list of words' },
    )
    .max(STORY_LIMITS.skillsMax, `skills must be at most ${STORY_LIMITS.skillsMax}`),
  /** The attempt and question it was saved from, when it was. */
  interviewId: z.uuid('interviewId must be the id of one of your interviews').nullable().optional(),
  questionIndex: z
    .number({ error: 'questionIndex must be a number' })
    .int('questionIndex must be a whole number')
    .min(0, 'questionIndex must be 0 or more')
    .max(200, 'questionIndex must be at most 200')
    .nullable()
    .optional(),
});
export type StoryBody = z.infer<typeof storyBodySchema>;

export const storySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  situation: z.string(),
  task: z.string(),
  action: z.string(),
  result: z.string(),
  skills: z.array(z.string()),
  interviewId: z.uuid().nullable(),
  questionIndex: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Story = z.infer<typeof storySchema>;
export const storyListSchema = z.array(storySchema);

/** A story pre-filled from a behavioural answer: the answer's sentences sorted into STAR parts. */
export const storyDraftSchema = storyBodySchema.extend({
  interviewId: z.uuid(),
  questionIndex: z.number().int(),
  /** Which STAR parts the answer covered (a part with no sentence of its own is false). */
  covered: z.object({
    situation: z.boolean(),
    task: z.boolean(),
    action: z.boolean(),
    result: z.boolean(),
  }),
});
export type StoryDraft = z.infer<typeof storyDraftSchema>;

/** The longest quote of the answer a STAR part's evidence keeps. */
export const STAR_EVIDENCE_MAX = 600;

/**
 * Which saved story a behavioural answer told, and which STAR parts it covered (issue 30), as the
 * report states it: judged when the report was made, against the stories saved by then.
 */
export const storyUseSchema = z.object({
  /** The saved story the answer told; null when it told none of them (or none was saved). */
  story: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** Each part: the answer's own words that tell it (a quote), or null: missing. */
  star: z.object({
    situation: z.string().max(STAR_EVIDENCE_MAX).nullable(),
    task: z.string().max(STAR_EVIDENCE_MAX).nullable(),
    action: z.string().max(STAR_EVIDENCE_MAX).nullable(),
    result: z.string().max(STAR_EVIDENCE_MAX).nullable(),
  }),
  /** The builtin reader, or the model that wrote the report. */
  judgedBy: z.enum(['builtin', 'model']),
});
export type StoryUse = z.infer<typeof storyUseSchema>;
