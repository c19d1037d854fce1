import {
  analyseAnswer,
  analyseConversation,
  DIMENSIONS,
  type DimensionScore,
  type QuestionReport,
  type ReportContent,
} from '@candor/shared';
import { coverKeyPoints, evaluateAnswer, questionScore } from './builtin/evaluator';
import { speechSummary, vocabularyFor } from './builtin/report';
import { normalise } from './builtin/text';
import { spoken, unscoreableReason, type ReportInput } from './report-input';
import type { AiReportResult, QuestionAnalysisItem } from './report-result';

/**
 * Turns an AI report result (from a model or from the builtin evaluator) into the stored report.
 * The server keeps the last word on facts: which answers can be scored, the key points, the
 * speech analytics and the duration. A question the model did not score, or scored without
 * evidence found in the answer, is scored by the builtin evaluator and marked as such.
 */
export function assembleReport(options: {
  input: ReportInput;
  result: AiReportResult;
  producedBy: 'ai' | 'builtin';
  /** Set when the AI failed entirely and `result` is the builtin stand-in. */
  fallbackReason: string | null;
}): ReportContent {
  const { input, result, producedBy } = options;
  const { vocabulary } = vocabularyFor(input);
  const byIndex = new Map<number, QuestionAnalysisItem>();
  for (const item of result.questionAnalysis ?? []) byIndex.set(item.index, item);
  const wholeFallback = options.fallbackReason !== null;
  let partialFallback = false;

  const questionReports: QuestionReport[] = input.pairs.map((pair, i) => {
    const keyPoints = pair.expectedAnswer ? coverKeyPoints(pair.expectedAnswer, pair.answer) : [];
    const speech = pair.answer ? analyseAnswer(spoken(pair)) : null;
    const reason = unscoreableReason(pair);
    const base = {
      question: pair.question,
      answer: pair.answer,
      expectedAnswer: pair.expectedAnswer,
      keyPoints,
      speech,
    };
    if (reason !== null) {
      return {
        ...base,
        score: null,
        comment:
          reason === 'not answered'
            ? 'This question was not answered.'
            : `Not scored: ${reason}. The recognised words were too few, too unclear or recognised with too little confidence to judge fairly.`,
        tags: [],
        evaluation: null,
        dimensions: null,
        scored: false,
        notScoredReason: reason,
        scoredBy: wholeFallback ? 'builtin-fallback' : producedBy,
      };
    }
    const builtin = evaluateAnswer(pair, vocabulary);
    const ai = producedBy === 'ai' ? byIndex.get(i + 1) : undefined;
    if (ai === undefined) {
      if (producedBy === 'ai') partialFallback = true;
      return {
        ...base,
        score: questionScore(builtin.dimensions),
        comment: builtin.comment,
        tags: builtin.tags,
        evaluation: {
          accuracy: builtin.dimensions.accuracy.score,
          completeness: builtin.dimensions.completeness.score,
          technicalDepth: builtin.dimensions.technicalDepth.score,
          clarity: builtin.dimensions.clarity.score,
          feedback: builtin.comment,
        },
        dimensions: builtin.dimensions,
        scored: true,
        notScoredReason: null,
        scoredBy: producedBy === 'builtin' && !wholeFallback ? 'builtin' : 'builtin-fallback',
      };
    }
    const answerText = ` ${normalise(pair.answer)} `;
    const dimensions = Object.fromEntries(
      DIMENSIONS.map((d) => {
        // Only quotes really found in the answer count as evidence.
        const quotes = (ai.evidence?.[d] ?? []).filter((q) => {
          const n = normalise(q);
          return n.length > 0 && answerText.includes(n);
        });
        const score: DimensionScore = {
          score: Math.round(ai.evaluation[d]),
          explanation: ai.explanations?.[d] ?? builtin.dimensions[d].explanation,
          evidence: quotes.length > 0 ? quotes : builtin.dimensions[d].evidence,
        };
        return [d, score];
      }),
    ) as QuestionReport['dimensions'] & object;
    return {
      ...base,
      score: questionScore(dimensions),
      comment: ai.evaluation.feedback,
      tags: builtin.tags,
      evaluation: { ...ai.evaluation },
      dimensions,
      scored: true,
      notScoredReason: null,
      scoredBy: 'ai',
    };
  });

  const speech = analyseConversation(
    input.pairs.filter((p) => p.answer !== '').map(spoken),
    input.transcript.filter((m) => m.speaker === 'AI').map((m) => m.message),
  );
  const pa = result.performanceAnalysis;
  const groups = result.recommendations;
  const overview = {
    totalQuestions: input.pairs.length,
    interviewDuration: Math.round(input.interview.actualMinutes * 10) / 10,
    category: result.overview?.category ?? input.interview.category,
    difficulty: result.overview?.difficulty ?? input.interview.difficulty,
    topicsCovered: result.overview?.topicsCovered ?? result.skillBreakdown.map((s) => s.skill),
  };
  const insights = result.additionalInsights.trim() || speechSummary(speech);
  const round = (n: number) => Math.round(n);
  return {
    overallScore: round(pa.overallScore),
    communicationScore: round(pa.communication.score),
    problemSolvingScore: round(pa.problemSolving.score),
    confidenceScore: round(pa.confidence.score),
    skillBreakdown: result.skillBreakdown.map((s) => ({ skill: s.skill, score: round(s.score) })),
    strengths: result.detailedFeedback.strengths,
    improvements: result.detailedFeedback.improvementAreas,
    overallComment: result.detailedFeedback.overallFeedback,
    aiInsights: insights,
    recommendations: [
      ...groups.learningResources,
      ...groups.practiceAreas,
      ...groups.interviewTips,
    ],
    recommendationGroups: groups,
    questionReports,
    overview,
    performanceAnalysis: {
      overallScore: round(pa.overallScore),
      communication: { score: round(pa.communication.score), feedback: pa.communication.feedback },
      problemSolving: {
        score: round(pa.problemSolving.score),
        feedback: pa.problemSolving.feedback,
      },
      confidence: { score: round(pa.confidence.score), feedback: pa.confidence.feedback },
    },
    detailedFeedback: result.detailedFeedback,
    additionalInsights: insights,
    speech,
    fallback: wholeFallback || partialFallback,
    fallbackReason:
      options.fallbackReason ??
      (partialFallback
        ? 'The AI did not score every answer; the builtin evaluator scored the rest.'
        : null),
    endedEarly: input.interview.endedEarly,
  };
}
