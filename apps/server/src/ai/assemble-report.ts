import {
  analyseAnswer,
  DIMENSIONS,
  interviewMinutes,
  skillName,
  WARM_UP_NOT_SCORED,
  type DimensionScore,
  type QuestionReport,
  type ReportContent,
} from '@candor/shared';
import { codingReport } from './builtin/coding-evidence';
import { evaluateAnswer, questionScore, warmUpFeedback } from './builtin/evaluator';
import { keyPointsFor } from './builtin/features';
import { candidateQuestionsFor, jobFitFor } from './builtin/job-fit';
import { nonAnswer } from './builtin/non-answer';
import { countedPairs, mean, speechSummary, vocabularyFor } from './builtin/report';
import { codingSolving } from './builtin/rubric-coding';
import { designReport } from './builtin/rubric-system-design';
import { normalise } from './builtin/text';
import {
  NOT_ANSWERED,
  conversationSpeech,
  spoken,
  unscoreableReason,
  type ReportInput,
} from './report-input';
import { checkRelevance, type AiReportResult, type QuestionAnalysisItem } from './report-result';

/** A key point not credited to an answer that did not answer its question. */
const NOT_CREDITED = {
  covered: false,
  coverage: 'missed' as const,
  evidence: null,
  note: null,
};

/** What the report says of a question that was not answered, or answered with a non-answer. */
function notAnsweredComment(answer: string): string {
  const declined = answer.trim() === '' ? null : nonAnswer(answer);
  return declined
    ? `Counted as not answered: you said '${declined}'. Saying what you do know, or how you would find out, earns more than declining.`
    : 'This question was not answered.';
}

/**
 * A model's problem solving with the coding questions the server scored itself (tests passed and
 * the approach are facts the model does not score): each coding question counts as one more
 * answer beside the ones the model judged. A model that left coding out gave "Problem Solving
 * 0%" beside every test passed (issue 28).
 */
function withCoding(modelScore: number, questions: QuestionReport[]): number {
  const coding = questions.flatMap((q) =>
    q.kind === 'coding' && q.dimensions ? [codingSolving(q.dimensions)] : [],
  );
  if (coding.length === 0) return modelScore;
  const others = questions.filter((q) => q.scored && q.kind !== 'coding').length;
  return mean([...Array<number>(others).fill(modelScore), ...coding]);
}

/** What a report is assembled from (plain data: it crosses to the report worker, decision 052). */
export interface AssembleOptions {
  input: ReportInput;
  result: AiReportResult;
  producedBy: 'ai' | 'builtin';
  /** Set when the AI failed entirely and `result` is the builtin stand-in. */
  fallbackReason: string | null;
}

/**
 * Turns an AI report result (from a model or from the builtin evaluator) into the stored report.
 * The server keeps the last word on facts: each question's kind, which answers can be scored
 * (never a warm-up, never "I don't know"), the key points, the speech analytics, the duration and
 * so the overall score. A question the model did not score is scored by the builtin evaluator and
 * marked as such; evidence quotes not found in the answer are dropped.
 */
export function assembleReport(options: AssembleOptions): ReportContent {
  const { input, result, producedBy } = options;
  const { vocabulary, topics } = vocabularyFor(input);
  const { kinds, answered, planned } = countedPairs(input);
  const byIndex = new Map<number, QuestionAnalysisItem>();
  for (const item of result.questionAnalysis ?? []) byIndex.set(item.index, item);
  const wholeFallback = options.fallbackReason !== null;
  let partialFallback = false;

  const questionReports: QuestionReport[] = input.pairs.map((pair, i) => {
    const kind = kinds[i]!;
    const keyPoints = keyPointsFor(pair, kind);
    const speech = pair.answer ? analyseAnswer(spoken(pair)) : null;
    const reason = unscoreableReason(pair);
    const given = producedBy === 'ai' ? byIndex.get(i + 1) : undefined;
    const base = {
      question: pair.question,
      answer: pair.answer,
      kind,
      expectedAnswer: pair.expectedAnswer,
      keyPoints,
      speech,
      tags: [],
      evaluation: null,
      dimensions: null,
      score: null,
      scored: false,
      scoredBy: wholeFallback ? ('builtin-fallback' as const) : producedBy,
      ...(pair.corrected ? { corrected: true } : {}),
      ...(pair.coding ? { coding: codingReport(pair.coding, pair.answer) } : {}),
      ...(pair.design ? { systemDesign: designReport(pair.design, pair.answer) } : {}),
      ...(pair.exchanges ? { exchanges: pair.exchanges } : {}),
    };
    if (reason !== null) {
      return {
        ...base,
        comment:
          reason === NOT_ANSWERED
            ? notAnsweredComment(pair.answer)
            : `Not scored: ${reason}. The recognised words were too few, too unclear or recognised with too little confidence to judge fairly.`,
        notScoredReason: reason,
      };
    }
    if (kind === 'warm-up') {
      // Feedback only, whoever wrote the report: a warm-up is never scored.
      const feedback = given?.evaluation.feedback.trim();
      return {
        ...base,
        comment: feedback ? `Warm-up, not scored. ${feedback}` : warmUpFeedback(pair),
        notScoredReason: WARM_UP_NOT_SCORED,
      };
    }
    const builtin = evaluateAnswer(pair, kind, { vocabulary, topics, attempt: input.pairs });
    // A model's scores of an answer on another subject are capped as the builtin ones are.
    const checked =
      given && kind !== 'coding' ? checkRelevance(given, pair.answer, builtin.relevance) : null;
    const ai = checked?.item ?? given;
    /** Scored by the builtin evaluator's dimensions, with this comment, by this scorer. */
    const builtinScored = (
      comment: string,
      feedback: string,
      scoredBy: QuestionReport['scoredBy'],
    ) => ({
      ...base,
      score: questionScore(builtin.dimensions),
      comment,
      // Key points as the evaluator judged them: none credited to an answer on another subject.
      keyPoints: builtin.keyPoints,
      relevance: builtin.relevance,
      tags: builtin.tags,
      evaluation: {
        accuracy: builtin.dimensions.accuracy.score,
        completeness: builtin.dimensions.completeness.score,
        technicalDepth: builtin.dimensions.technicalDepth.score,
        clarity: builtin.dimensions.clarity.score,
        feedback,
      },
      dimensions: builtin.dimensions,
      scored: true,
      notScoredReason: null,
      scoredBy,
    });
    if (kind === 'coding' || (kind === 'system-design' && pair.design)) {
      // Tests passed and complexity stated are facts the server holds: a model does not score
      // them. Its feedback on the code and the explanation is kept beside the server's. So are a
      // design's board and the requirements, estimates and trade-offs quoted from it (issue 29).
      const feedback = ai?.evaluation.feedback.trim();
      return builtinScored(
        feedback ? `${builtin.comment} ${feedback}` : builtin.comment,
        feedback || builtin.comment,
        wholeFallback ? 'builtin-fallback' : 'builtin',
      );
    }
    if (ai === undefined) {
      if (producedBy === 'ai') partialFallback = true;
      return builtinScored(
        builtin.comment,
        builtin.comment,
        producedBy === 'builtin' && !wholeFallback ? 'builtin' : 'builtin-fallback',
      );
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
      ...(checked?.relevance.verdict === 'off-topic'
        ? { keyPoints: builtin.keyPoints.map((k) => ({ ...k, ...NOT_CREDITED })) }
        : {}),
      relevance: checked?.relevance ?? builtin.relevance,
      tags: builtin.tags,
      evaluation: { ...ai.evaluation },
      dimensions,
      scored: true,
      notScoredReason: null,
      scoredBy: 'ai',
    };
  });

  const speech = conversationSpeech(input);
  const pa = result.performanceAnalysis;
  // The overall score is the server's: the mean of the scored questions, with every question
  // not answered (a non-answer included) counted against it, and warm-ups left out. A model's own
  // overall could count an "I don't know" or a warm-up; this one cannot.
  const scores = questionReports.flatMap((q) => (q.score === null ? [] : [q.score]));
  const overallScore =
    scores.length === 0
      ? 0
      : (scores.reduce((a, b) => a + b, 0) / scores.length) *
        (planned > 0 ? Math.min(1, answered / planned) : 1);
  const groups = result.recommendations;
  const overview = {
    totalQuestions: input.pairs.length,
    interviewDuration: interviewMinutes(input.interview.actualMinutes * 60_000),
    category: result.overview?.category ?? input.interview.category,
    difficulty: result.overview?.difficulty ?? input.interview.difficulty,
    topicsCovered: result.overview?.topicsCovered ?? result.skillBreakdown.map((s) => s.skill),
  };
  const insights = result.additionalInsights.trim() || speechSummary(speech);
  const round = (n: number) => Math.round(n);
  const jobFit = jobFitFor(input, questionReports);
  const candidateQuestions = candidateQuestionsFor(input);
  const problemSolving = round(
    producedBy === 'ai'
      ? withCoding(pa.problemSolving.score, questionReports)
      : pa.problemSolving.score,
  );
  return {
    overallScore: round(overallScore),
    communicationScore: round(pa.communication.score),
    problemSolvingScore: problemSolving,
    confidenceScore: round(pa.confidence.score),
    skillBreakdown: result.skillBreakdown.map((s) => ({
      skill: skillName(s.skill),
      score: round(s.score),
    })),
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
      overallScore: round(overallScore),
      communication: { score: round(pa.communication.score), feedback: pa.communication.feedback },
      problemSolving: { score: problemSolving, feedback: pa.problemSolving.feedback },
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
    ...(jobFit ? { jobFit } : {}),
    ...(candidateQuestions ? { candidateQuestions } : {}),
  };
}
