import { z } from 'zod';

/**
 * The "AI report result" of spec section 3, as a model (or the builtin evaluator) returns it.
 * Per question it may also carry, per dimension, an explanation and verbatim quotes of the answer.
 * Scores are 0–100 everywhere (skillBreakdown too: the chart is out of 100).
 */
const score = z.coerce.number().min(0).max(100);
const perDimension = <T extends z.ZodType>(t: T) =>
  z.object({ accuracy: t, completeness: t, technicalDepth: t, clarity: t }).partial().optional();
const scoreWithFeedback = z.object({ score, feedback: z.string() });

export const questionAnalysisItemSchema = z.object({
  /** The number the prompt gave the question (1-based). */
  index: z.coerce.number().int().min(1),
  question: z.string().optional(),
  answer: z.string().optional(),
  /** The kind the model judged it as; the server's kind decides which rubric applies. */
  kind: z.string().optional(),
  evaluation: z.object({
    accuracy: score,
    completeness: score,
    technicalDepth: score,
    clarity: score,
    feedback: z.string(),
  }),
  explanations: perDimension(z.string()),
  evidence: perDimension(z.array(z.string())),
});
export type QuestionAnalysisItem = z.infer<typeof questionAnalysisItemSchema>;

export const aiReportResultSchema = z.object({
  overview: z
    .object({
      totalQuestions: z.number(),
      interviewDuration: z.number(),
      category: z.string(),
      difficulty: z.string(),
      topicsCovered: z.array(z.string()),
    })
    .partial()
    .optional(),
  performanceAnalysis: z.object({
    overallScore: score,
    communication: scoreWithFeedback,
    problemSolving: scoreWithFeedback,
    confidence: scoreWithFeedback,
  }),
  detailedFeedback: z.object({
    strengths: z.array(z.string()),
    improvementAreas: z.array(z.string()),
    overallFeedback: z.string(),
  }),
  /** A missing or malformed list is tolerated: the builtin evaluator scores those questions. */
  questionAnalysis: z.array(questionAnalysisItemSchema).optional().catch(undefined),
  skillBreakdown: z.array(z.object({ skill: z.string().min(1), score })),
  recommendations: z.object({
    learningResources: z.array(z.string()),
    practiceAreas: z.array(z.string()),
    interviewTips: z.array(z.string()),
  }),
  additionalInsights: z.string().optional().default(''),
});
export type AiReportResult = z.output<typeof aiReportResultSchema>;
