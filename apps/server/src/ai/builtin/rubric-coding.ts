import { formatSeconds, type Dimension, type DimensionScore } from '@candor/shared';
import type { CodingEvidence } from '../report-input';
import {
  COMPLEXITY_CLASSES,
  complexityLabel,
  edgeCaseQuotes,
  expectedComplexityClass,
  statedComplexity,
  summariseRuns,
} from './coding-evidence';
import type { AnswerFeatures } from './features';
import { clamp, clarity } from './rubric-shared';
import { relevanceGate } from './rubric-technical';

/**
 * The coding rubric (issue 16): correctness from the final submission's tests, edge cases from the
 * hidden tests and the edge cases the candidate named, complexity from what they said against what
 * a strong solution achieves, and the explanation's clarity as for any spoken answer. Every score
 * rests on a run the server made or a sentence the candidate said.
 *
 * With no run at all (a spoken round, an attempt where the editor was never used) correctness is
 * not measured: the approach the candidate explained is scored instead, against the question's key
 * points, and the explanation says so. Scoring it 0 would put a strong explanation below a weak
 * answer to a technical question.
 */

const NOT_MEASURED = 'Correctness not measured: no code was run or submitted.';

/**
 * The key points of the approach itself: not the complexity (scored on its own) nor the edge cases
 * (completeness), which any answer to any problem can say ("O(n) time", "the empty input").
 */
const ABOUT_COMPLEXITY_OR_EDGES = /\bO\s?\(|\bedge cases?\b|\b(time|space) complexity\b/i;
function approachPoints(f: AnswerFeatures) {
  return f.keyPoints.filter((k) => !ABOUT_COMPLEXITY_OR_EDGES.test(k.point));
}
function approachCoverage(f: AnswerFeatures): number {
  const points = approachPoints(f);
  if (points.length === 0) return f.coverage ?? 0;
  const credit = (k: (typeof points)[number]) =>
    k.coverage === 'covered' ? 1 : k.coverage === 'partial' ? 0.5 : 0;
  return points.reduce((n, k) => n + credit(k), 0) / points.length;
}

/** The explained approach: the key points of a strong solution it covers, with reasons. */
function approach(f: AnswerFeatures): DimensionScore {
  const covered = approachPoints(f).filter((k) => k.coverage === 'covered');
  const coverage = approachCoverage(f);
  const score = clamp(
    (15 + 75 * coverage + Math.min(10, 3 * f.reasons) - Math.min(15, 4 * f.hedges)) *
      relevanceGate(f.relevance.score),
  );
  const parts = [
    NOT_MEASURED,
    f.keyPoints.length > 0
      ? `The approach explained covers ${covered.length} of ${approachPoints(f).length} steps of a strong solution.`
      : 'The approach is scored on what was explained.',
  ];
  if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened it.`);
  const evidence = covered.map((k) => k.evidence).filter((e): e is string => !!e);
  return { score, explanation: parts.join(' '), evidence: [...new Set(evidence)].slice(0, 3) };
}

/** Without runs, the edges are those the candidate named and the points of the solution covered. */
function edgesSaid(f: AnswerFeatures): DimensionScore {
  const quotes = edgeCaseQuotes(f.analysis.text);
  const named = Math.min(1, quotes.length / 2);
  return {
    score: clamp((10 + 40 * named + 50 * approachCoverage(f)) * relevanceGate(f.relevance.score)),
    explanation: `No tests were run. ${
      quotes.length > 0
        ? `Named ${quotes.length} edge case(s) out loud.`
        : 'Did not name an edge case (empty input, one element, duplicates…) out loud.'
    }`,
    evidence: quotes.slice(0, 2),
  };
}

function correctness(evidence: CodingEvidence): DimensionScore {
  const s = summariseRuns(evidence);
  if (!s.final) {
    const examples = s.lastRun?.tests ?? [];
    const passed = examples.filter((t) => t.verdict === 'passed').length;
    return {
      score: examples.length > 0 ? clamp(35 * (passed / examples.length)) : 0,
      explanation:
        s.runs > 0
          ? `No submission: the last run passed ${passed} of ${examples.length} example(s), and hidden tests were never run.`
          : 'No code was run or submitted.',
      evidence: [],
    };
  }
  const passed = s.visible.passed + s.hidden.passed;
  const total = s.visible.total + s.hidden.total;
  const parts = [
    `The final submission passed ${passed} of ${total} tests (${s.visible.passed} of ${s.visible.total} examples, ${s.hidden.passed} of ${s.hidden.total} hidden).`,
  ];
  if (s.final.verdict !== 'passed' && s.final.verdict !== 'failed') {
    parts.push(`It ended with "${s.final.verdict}".`);
  }
  if (s.firstPassingAfterSeconds !== null) {
    // Said as the report's coding section says it: "38 s", not "1 minute(s)" (issue 28).
    parts.push(
      `First passing submission ${formatSeconds(s.firstPassingAfterSeconds)} after the question.`,
    );
  }
  return {
    score: total > 0 ? clamp(100 * (passed / total)) : 0,
    explanation: parts.join(' '),
    evidence: [],
  };
}

function edgeCases(f: AnswerFeatures, evidence: CodingEvidence): DimensionScore {
  const s = summariseRuns(evidence);
  const quotes = edgeCaseQuotes(f.analysis.text);
  const named = Math.min(1, quotes.length / 2);
  const hiddenShare = s.hidden.total > 0 ? s.hidden.passed / s.hidden.total : 0;
  const parts = [
    s.final
      ? `Hidden tests, which probe the edges: ${s.hidden.passed} of ${s.hidden.total} passed.`
      : 'Hidden tests were never run (no submission).',
    quotes.length > 0
      ? `Named ${quotes.length} edge case(s) out loud.`
      : 'Did not name an edge case (empty input, one element, duplicates…) out loud.',
  ];
  return {
    score: clamp(70 * hiddenShare + 30 * named),
    explanation: parts.join(' '),
    evidence: quotes.slice(0, 2),
  };
}

function complexity(f: AnswerFeatures, evidence: CodingEvidence): DimensionScore {
  const expected = expectedComplexityClass(evidence.expectedComplexity);
  const stated = statedComplexity(f.analysis.text);
  if (!stated) {
    return {
      score: 20,
      explanation: `The time complexity was not stated; a strong solution is ${evidence.expectedComplexity}.`,
      evidence: [],
    };
  }
  const said = complexityLabel(stated.complexity);
  if (stated.impossibleSort) {
    return {
      score: 25,
      explanation: `Stated ${said} for a sort; a comparison sort takes O(n log n), and a strong solution is ${evidence.expectedComplexity}.`,
      evidence: [stated.quote],
    };
  }
  // "Adds are log n, the median's constant": the class of the operation asked about is among them.
  if (expected === null || stated.complexity === expected || stated.classes.includes(expected)) {
    const matched = expected ? complexityLabel(expected) : said;
    return {
      score: 90,
      explanation: `Stated ${matched}${expected ? ', which matches a strong solution' : ''} (${evidence.expectedComplexity}).`,
      evidence: [stated.quote],
    };
  }
  // Slower than a strong solution (the brute force offered as the answer) is worse than claiming
  // faster, which may be a solution the expectation did not foresee.
  const slower =
    COMPLEXITY_CLASSES.indexOf(stated.complexity) > COMPLEXITY_CLASSES.indexOf(expected);
  return {
    score: slower ? 25 : 45,
    explanation: `Stated ${said}; a strong solution is ${evidence.expectedComplexity}.`,
    evidence: [stated.quote],
  };
}

export function codingRubric(
  f: AnswerFeatures,
  evidence: CodingEvidence,
): Record<Dimension, DimensionScore> {
  const explained = clarity(f);
  const ran = evidence.runs.length > 0;
  return {
    accuracy: ran ? correctness(evidence) : approach(f),
    completeness: ran ? edgeCases(f, evidence) : edgesSaid(f),
    technicalDepth: complexity(f, evidence),
    clarity:
      f.words === 0
        ? { score: 0, explanation: 'The solution was not explained out loud.', evidence: [] }
        : explained,
  };
}

/**
 * What a coding question adds to the report's problem solving: its tests (correctness and the
 * hidden tests that probe the edges) and its approach (the complexity reached), the rubric's first
 * three slots; the explanation's clarity is communication's.
 */
export function codingSolving(d: Record<Dimension, { score: number }>): number {
  return (d.accuracy.score + d.completeness.score + d.technicalDepth.score) / 3;
}
