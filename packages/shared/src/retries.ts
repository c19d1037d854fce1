import { z } from 'zod';
import { QUESTION_KINDS } from './constants';

/**
 * The practice loop (issue 30): retrying one question of a report. A retry is an attempt of its
 * own (one question, the same kind and interviewer settings), linked to the first attempt that
 * asked the question; its report shows the result beside that first try.
 *
 *   POST /api/interview/:id/retries        { question }  → { id, roomId }
 *   GET  /api/interview/:id/retry-outcome  (a retry)     → RetryOutcome
 *   GET  /api/user/question-progress                     → QuestionProgress[]
 */

/** Questions of one report a retry may name: a report never has more (a cap, not a rule). */
export const RETRY_QUESTION_MAX = 200;

export const createRetryBodySchema = z.object({
  /** The question's position in the report's question-by-question list, from 0. */
  question: z
    .number({ error: 'question must be the position of a question in the report' })
    .int('question must be a whole number')
    .min(0, 'question must be 0 or more')
    .max(RETRY_QUESTION_MAX, `question must be at most ${RETRY_QUESTION_MAX}`),
});
export type CreateRetryBody = z.infer<typeof createRetryBodySchema>;

export const createRetryResponseSchema = z.object({ id: z.uuid(), roomId: z.string() });

/** One side of the comparison: how the question went on that try. */
export const retryTrySchema = z.object({
  interviewId: z.uuid(),
  /** Null when that try's answer was not scored. */
  score: z.number().nullable(),
  /** Key points fully covered, of those the question has. */
  keyPointsCovered: z.number().int(),
  keyPointsTotal: z.number().int(),
  fillerCount: z.number().int(),
  wordCount: z.number().int(),
  completedAt: z.string().nullable(),
});
export type RetryTry = z.infer<typeof retryTrySchema>;

export const retryOutcomeSchema = z.object({
  question: z.string(),
  kind: z.enum(QUESTION_KINDS),
  first: retryTrySchema,
  /** This retry; score null while its report is not ready. */
  now: retryTrySchema,
  /** Key points this retry covered that the first try did not (fully). */
  newlyCovered: z.array(z.string()),
  /** Key points the first try covered and this one did not. */
  noLongerCovered: z.array(z.string()),
  /** 'pending' while this retry's report is being made; 'completed' once it can be compared. */
  status: z.enum(['pending', 'completed', 'failed']),
});
export type RetryOutcome = z.infer<typeof retryOutcomeSchema>;

/** A question the candidate retried: its first score, best and latest (progress, issue 30). */
export const questionProgressSchema = z.object({
  question: z.string(),
  /** The first attempt that asked it, and the question's position in its report. */
  interviewId: z.uuid(),
  questionIndex: z.number().int(),
  /** Scored tries, the first included. */
  tries: z.number().int(),
  first: z.number().nullable(),
  best: z.number().nullable(),
  latest: z.number().nullable(),
  /** The attempt whose report holds the latest score. */
  latestInterviewId: z.uuid(),
  latestAt: z.string().nullable(),
});
export type QuestionProgress = z.infer<typeof questionProgressSchema>;
export const questionProgressListSchema = z.array(questionProgressSchema);

/**
 * A model answer to one question of a report (issue 30): an example of a strong answer, shown
 * after the candidate's own and only for a question they answered. `source` says how it was made:
 * from the set's expected answer and key points, or written by the AI model.
 *
 *   GET /api/interview/:id/model-answers → ModelAnswer[]
 */
export const modelAnswerSchema = z.object({
  /** The question's position in the report. */
  questionIndex: z.number().int(),
  text: z.string(),
  /** Key points a strong answer covers (the question's own; empty when it has none). */
  keyPoints: z.array(z.string()),
  source: z.enum(['expected-answer', 'model']),
  /** Always true: this is one good answer among many, not the only right one. */
  example: z.literal(true),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
export const modelAnswerListSchema = z.array(modelAnswerSchema);
