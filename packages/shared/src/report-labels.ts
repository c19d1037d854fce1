import type { QuestionKind } from './constants';

/*
 * The report's words and labels, without a schema: the report page shows them without loading
 * zod (report.ts, the API's schemas, builds on these).
 */

export const DIMENSIONS = ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** How much of a key point an answer covered; a hedged claim ("safe, I guess") is partial. */
export const KEY_POINT_COVERAGES = ['covered', 'partial', 'missed'] as const;
export type KeyPointCoverage = (typeof KEY_POINT_COVERAGES)[number];

/** A key point's coverage; reports made before decision 011 say only `covered`. */
export function keyPointCoverage(k: {
  covered: boolean;
  coverage?: KeyPointCoverage;
}): KeyPointCoverage {
  return k.coverage ?? (k.covered ? 'covered' : 'missed');
}

/**
 * The four score slots of a question (the specification's accuracy, completeness, technical depth
 * and clarity) mean different things per kind: a behavioural answer is judged on ownership,
 * structure and specificity, never on technical terms. These are the names people read.
 */
export const RUBRIC_LABELS: Record<QuestionKind, Record<Dimension, string>> = {
  technical: {
    accuracy: 'Accuracy',
    completeness: 'Completeness',
    technicalDepth: 'Technical depth',
    clarity: 'Clarity',
  },
  behavioural: {
    accuracy: 'Ownership',
    completeness: 'Structure (situation, task, action, result)',
    technicalDepth: 'Specificity',
    clarity: 'Clarity',
  },
  coding: {
    accuracy: 'Correctness (tests passed)',
    completeness: 'Edge cases',
    technicalDepth: 'Complexity',
    clarity: 'Explanation',
  },
  'system-design': {
    accuracy: 'Requirements',
    completeness: 'Building blocks and flows',
    technicalDepth: 'Estimates and trade-offs',
    clarity: 'Communication',
  },
  'warm-up': {
    accuracy: 'Relevance',
    completeness: 'Completeness',
    technicalDepth: 'Specificity',
    clarity: 'Clarity',
  },
};

export const SCORED_BY = ['ai', 'builtin', 'builtin-fallback'] as const;
export type ScoredBy = (typeof SCORED_BY)[number];

/** Why an answer was not scored: a warm-up is feedback only. */
export const WARM_UP_NOT_SCORED = 'warm-up: feedback only, not scored';

/** Does an answer answer its question: all of it, part of it, or not at all (another subject). */
export const RELEVANCE_VERDICTS = ['answered', 'partly', 'off-topic'] as const;
export type RelevanceVerdict = (typeof RELEVANCE_VERDICTS)[number];
/** What a report says of an answer on another subject, as it says "not answered" of a non-answer. */
export const DID_NOT_ANSWER = 'Did not answer the question';
/** The most an answer on another subject scores, on every dimension and so overall (of 100). */
export const OFF_TOPIC_MAX = 15;

/**
 * Shown under an explanation question the builtin evaluator scored without an answer key (no
 * expected answer, no key points): it read the answer's words, not their meaning, and its scores
 * there follow the quality of an answer much less closely than with a key (decision 054: on the
 * graded corpus's held-out parts, Spearman 0.58–0.67 without a key against 0.74–0.89 with one).
 */
export const SCORED_WITHOUT_KEY =
  'Scored from your words alone: this question has no answer key to compare your answer with, so take the score as a rough guide.';

/**
 * Whether a question's score carries SCORED_WITHOUT_KEY: an explanation (technical) question
 * only; stories are read for their parts, code from its tests, a design against its checklist.
 */
export function scoredWithoutKey(q: {
  scored: boolean;
  scoredBy: ScoredBy;
  kind?: string;
  expectedAnswer: string | null;
  keyPoints: readonly unknown[];
}): boolean {
  const explanation = q.kind === undefined || q.kind === 'technical';
  return (
    q.scored && q.scoredBy !== 'ai' && explanation && !q.expectedAnswer && q.keyPoints.length === 0
  );
}
