import {
  DID_NOT_ANSWER,
  OFF_TOPIC_MAX,
  RELEVANCE_VERDICTS,
  type RelevanceVerdict,
} from '@candor/shared';
import { z } from 'zod';
import { normalise } from './builtin/text';

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
  /** The model's verdict on whether the answer answers the question; malformed reads as absent. */
  relevance: z
    .object({ verdict: z.enum(RELEVANCE_VERDICTS), reason: z.string().optional() })
    .optional()
    .catch(undefined),
});
export type QuestionAnalysisItem = z.infer<typeof questionAnalysisItemSchema>;

const SCORED = ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const;

/** The quotes of a model's item that are really words of the answer. */
function foundQuotes(item: QuestionAnalysisItem, answer: string): string[] {
  const text = normalise(answer);
  return SCORED.flatMap((d) => item.evidence?.[d] ?? []).filter((q) => {
    const n = normalise(q);
    return n.length > 0 && text.includes(n);
  });
}

/**
 * The server's check of a model's relevance verdict (issue 28). An answer the model itself calls
 * off-topic scores at most OFF_TOPIC_MAX whatever numbers it gave. One the builtin evaluator finds
 * on another subject is capped too, unless the model says it answers and quotes the answer's own
 * words to show it: a model's claim counts only with its evidence.
 */
export function checkRelevance(
  item: QuestionAnalysisItem,
  answer: string,
  builtin: { verdict: RelevanceVerdict; reason: string | null },
): { item: QuestionAnalysisItem; relevance: { verdict: RelevanceVerdict; reason: string | null } } {
  const said = item.relevance;
  const offTopic =
    said?.verdict === 'off-topic' ||
    (builtin.verdict === 'off-topic' &&
      (said?.verdict !== 'answered' || foundQuotes(item, answer).length === 0));
  if (!offTopic) {
    const verdict = said?.verdict ?? builtin.verdict;
    const reason = verdict === 'answered' ? null : (said?.reason ?? builtin.reason ?? null) || null;
    return { item, relevance: { verdict, reason } };
  }
  const reason =
    (said?.verdict === 'off-topic' ? said.reason : builtin.reason) ??
    builtin.reason ??
    'The answer is about another subject.';
  const capped = Object.fromEntries(
    SCORED.map((d) => [d, Math.min(item.evaluation[d], OFF_TOPIC_MAX)]),
  ) as Record<(typeof SCORED)[number], number>;
  const feedback = item.evaluation.feedback.startsWith(DID_NOT_ANSWER)
    ? item.evaluation.feedback
    : `${DID_NOT_ANSWER}. ${reason} ${item.evaluation.feedback}`.trim();
  return {
    item: { ...item, evaluation: { ...item.evaluation, ...capped, feedback } },
    relevance: { verdict: 'off-topic', reason },
  };
}

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
