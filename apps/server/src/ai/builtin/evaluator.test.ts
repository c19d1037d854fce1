import { NOT_ENOUGH_SPEECH } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import type { QaPair, ReportInput } from '../report-input';
import { unscoreableReason } from '../report-input';
import { assembleReport } from '../assemble-report';
import { findBankTopic, topicsFor, BANK } from './bank';
import { coverKeyPoints, evaluateAnswer, keyPointsOf, questionScore } from './evaluator';
import { builtinReport } from './report';

const JS = findBankTopic('JavaScript')!.vocabulary;
const pair = (answer: string, over: Partial<QaPair> = {}): QaPair => ({
  question: 'What is a closure in JavaScript? Give an example of when you would use one.',
  answer,
  expectedAnswer: null,
  questionIndex: null,
  confidence: null,
  mode: 'typed',
  ...over,
});

const EXPECTED =
  'A closure is a function that keeps access to variables of its outer scope after the outer function has returned. Closures give data privacy. They are used for callbacks and function factories.';
const DETAILED =
  'A closure is a function bundled with its lexical scope: it keeps access to the variables of the outer function even after that outer function has returned. First, this gives data privacy, because the variable cannot be reached from outside. For example, in my last project I wrote a counter factory where each call returned a function that incremented its own private count. Closures are also used for callbacks and event handlers, and memoization keeps its cache in a closure.';
const VAGUE = 'Um, I think it is, like, maybe something with functions? I am not sure, kind of.';

describe('builtin evaluator', () => {
  it('is deterministic: the same answer gets the same scores and words', () => {
    expect(evaluateAnswer(pair(DETAILED), JS)).toEqual(evaluateAnswer(pair(DETAILED), JS));
  });

  it('scores a detailed, relevant answer above a vague one on every dimension', () => {
    const good = evaluateAnswer(pair(DETAILED), JS).dimensions;
    const bad = evaluateAnswer(pair(VAGUE), JS).dimensions;
    for (const d of ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const) {
      expect(good[d].score, d).toBeGreaterThan(bad[d].score);
    }
    expect(questionScore(good)).toBeGreaterThan(questionScore(bad) + 25);
  });

  it('scores completeness higher when more expected key points are covered', () => {
    const one = evaluateAnswer(
      pair('A closure is a function that keeps access to its outer scope variables.', {
        expectedAnswer: EXPECTED,
      }),
      JS,
    );
    const all = evaluateAnswer(pair(DETAILED, { expectedAnswer: EXPECTED }), JS);
    const covered = (e: typeof one) => e.keyPoints.filter((k) => k.covered).length;
    expect(covered(all)).toBeGreaterThan(covered(one));
    expect(all.dimensions.completeness.score).toBeGreaterThan(one.dimensions.completeness.score);
  });

  it('lists key points covered or missed, quoting the words that cover them', () => {
    expect(keyPointsOf(EXPECTED)).toHaveLength(3);
    const points = coverKeyPoints(
      EXPECTED,
      'Closures give you data privacy, since nothing outside can reach the variable.',
    );
    expect(points.map((p) => p.covered)).toEqual([false, true, false]);
    expect(points[1]!.evidence).toBe(
      'Closures give you data privacy, since nothing outside can reach the variable.',
    );
    expect(points[0]!.evidence).toBeNull();
  });

  it('explains every dimension and quotes the answer it rests on', () => {
    const e = evaluateAnswer(pair(DETAILED, { expectedAnswer: EXPECTED }), JS);
    for (const d of Object.values(e.dimensions)) {
      expect(d.explanation.length).toBeGreaterThan(10);
      expect(d.evidence.length).toBeGreaterThan(0);
      for (const q of d.evidence) expect(DETAILED).toContain(q);
    }
    expect(e.dimensions.accuracy.explanation).toMatch(/Matched \d of 3 key points/);
  });

  it('marks empty, garbled and low-confidence speech as not scoreable', () => {
    expect(unscoreableReason(pair(''))).toBe('not answered');
    expect(unscoreableReason(pair('uh'))).toBe(NOT_ENOUGH_SPEECH);
    expect(unscoreableReason(pair('xkcd qwrtp zzzzz bcdfg hjklm'))).toBe(NOT_ENOUGH_SPEECH);
    expect(unscoreableReason(pair(DETAILED, { mode: 'voice', confidence: 0.3 }))).toBe(
      NOT_ENOUGH_SPEECH,
    );
    expect(unscoreableReason(pair(DETAILED, { mode: 'voice', confidence: 0.9 }))).toBeNull();
  });
});

describe('builtin report', () => {
  const input = (pairs: QaPair[]): ReportInput => ({
    interview: {
      title: 'JS',
      category: 'Frontend',
      difficulty: 'mid',
      flow: 'fixed',
      topics: ['JavaScript'],
      durationMinutes: 30,
      actualMinutes: 12.34,
      endedEarly: false,
      plannedQuestions: pairs.length,
    },
    pairs,
    transcript: [],
  });

  it('is the same for the same input, and explains its numbers', () => {
    const a = builtinReport(input([pair(DETAILED, { expectedAnswer: EXPECTED }), pair(VAGUE)]));
    expect(
      builtinReport(input([pair(DETAILED, { expectedAnswer: EXPECTED }), pair(VAGUE)])),
    ).toEqual(a);
    expect(a.overview?.interviewDuration).toBe(12.3);
    expect(a.skillBreakdown).toEqual([{ skill: 'JavaScript', score: expect.any(Number) }]);
    expect(
      a.detailedFeedback.strengths.length + a.detailedFeedback.improvementAreas.length,
    ).toBeGreaterThan(0);
  });

  it('never invents a score for speech it could not hear', () => {
    const report = assembleReport({
      input: input([pair(DETAILED), pair('mmm', { mode: 'voice', confidence: 0.2 })]),
      result: builtinReport(
        input([pair(DETAILED), pair('mmm', { mode: 'voice', confidence: 0.2 })]),
      ),
      producedBy: 'builtin',
      fallbackReason: null,
    });
    const [heard, unheard] = report.questionReports;
    expect(heard!.scored).toBe(true);
    expect(unheard).toMatchObject({
      scored: false,
      score: null,
      evaluation: null,
      notScoredReason: NOT_ENOUGH_SPEECH,
    });
    expect(report.recommendations).toEqual([
      ...report.recommendationGroups.learningResources,
      ...report.recommendationGroups.practiceAreas,
      ...report.recommendationGroups.interviewTips,
    ]);
  });

  it('gives no score at all when nothing could be scored', () => {
    const r = builtinReport(input([pair('')]));
    expect(r.performanceAnalysis.overallScore).toBe(0);
    expect(r.skillBreakdown).toEqual([]);
    expect(r.detailedFeedback.overallFeedback).toMatch(/no score could be given/);
  });
});

describe('question bank', () => {
  it('has questions at every level for every topic, and finds topics by alias', () => {
    expect(BANK.length).toBeGreaterThanOrEqual(40);
    expect(findBankTopic('react hooks')?.topic).toBe('React');
    expect(findBankTopic('K8s')?.topic).toBe('Kubernetes');
    expect(findBankTopic('PostgreSQL')?.topic).toBe('Databases');
    expect(findBankTopic('Behavioral')?.topic).toBe('Behavioural');
    expect(topicsFor(['Underwater basket weaving'], 'General')[0]!.questions.mid[0]).toContain(
      'Underwater basket weaving',
    );
  });
});
