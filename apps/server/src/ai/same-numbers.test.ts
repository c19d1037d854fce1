import {
  PERFORMANCE_CATEGORIES,
  formatSeconds,
  type QuestionKind,
  type ReportContent,
} from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { assembleReport } from './assemble-report';
import { builtinReport } from './builtin/report';
import type { CodingEvidence, QaPair, ReportInput } from './report-input';
import type { AiReportResult } from './report-result';

/*
 * Issue 28, "one source for every number": each figure a report shows is computed once, so the
 * words about it (AI insights, the performance feedback, the recommendations) say the same number
 * as the cards and charts beside them, and categories fit the kinds of question asked.
 */

const pair = (question: string, answer: string, kind?: QuestionKind): QaPair => ({
  question,
  answer,
  expectedAnswer: null,
  ...(kind ? { kind } : {}),
  questionIndex: null,
  confidence: 0.9,
  mode: 'voice',
});

const input = (pairs: QaPair[], over: Partial<ReportInput['interview']> = {}): ReportInput => ({
  interview: {
    title: 'Practice',
    category: 'Backend',
    difficulty: 'junior',
    flow: 'topic-based',
    topics: ['Node.js'],
    durationMinutes: 30,
    actualMinutes: 12,
    endedEarly: false,
    plannedQuestions: null,
    ...over,
  },
  pairs,
  transcript: [],
});

const builtin = (i: ReportInput) =>
  assembleReport({
    input: i,
    result: builtinReport(i),
    producedBy: 'builtin',
    fallbackReason: null,
  });

/** Every sentence of a report that is not an answer's own words. */
const reportWords = (r: ReportContent) =>
  [
    r.aiInsights,
    r.overallComment,
    r.additionalInsights,
    r.performanceAnalysis.communication.feedback,
    r.performanceAnalysis.problemSolving.feedback,
    r.performanceAnalysis.confidence.feedback,
    ...r.strengths,
    ...r.improvements,
    ...r.recommendations,
    ...r.questionReports.flatMap((q) => [
      q.comment,
      ...Object.values(q.dimensions ?? {}).map((d) => d.explanation),
    ]),
  ].join('\n');

const ABOUT_ME =
  'Sure. I am a backend developer at a logistics company, mostly Node and PostgreSQL, and lately I have been working on our delivery tracking service.';
const EVENT_LOOP = [
  'How does the Node.js event loop handle many requests at once?',
  'Node runs JavaScript on one thread, and the event loop picks up callbacks when the call stack is empty. I/O such as database queries and network calls is handed to libuv and the operating system, so while one request waits for the database the loop serves other requests. That is why Node handles many concurrent connections, but also why a CPU-heavy loop blocks every request: nothing else runs until it returns. For example, in my last job a synchronous JSON parse of a large payload stalled the API for a second.',
] as const;
const STREAMS = [
  'What is backpressure in Node.js streams?',
  'Backpressure is when the consumer of a stream is slower than the producer, so data would pile up in memory. Node handles it because write returns false when the internal buffer is full, and the producer should wait for the drain event before writing more. Pipe does this for you.',
] as const;
const STORY = [
  'Tell me about a time you had to explain something technical to someone who was not technical.',
  'At my last company our support lead kept asking why exports were slow. I drew the pipeline on a whiteboard and explained that every export waited for the nightly batch. She then asked customers to schedule exports, and complaints dropped by half within a month.',
] as const;

describe('answers and words: one count, wherever the report says it', () => {
  const r = builtin(
    input([
      pair('Tell me a little about yourself.', ABOUT_ME),
      pair(...EVENT_LOOP),
      pair(...STREAMS),
      pair('What is a worker thread?', "Um, I don't know, sorry."),
    ]),
  );

  it('AI insights count the answers the speech card counts, with the same average length', () => {
    // A warm-up is an answer; "I don't know" is counted as not answered, here as everywhere.
    expect(r.speech.answers).toBe(3);
    expect(r.aiInsights).toContain(
      `You gave ${r.speech.answers} answer(s) averaging ${r.speech.averageAnswerWords} words.`,
    );
    expect(r.additionalInsights).toBe(r.aiInsights);
  });

  it('the confidence feedback says the same average answer length', () => {
    expect(r.performanceAnalysis.confidence.feedback).toContain(
      `answers of ${Math.round(r.speech.averageAnswerWords)} words on average`,
    );
  });
});

describe('speaking rates no person speaks at are not measured (issue 28)', () => {
  // 80 words in five seconds: 958 words per minute.
  const fast = {
    ...pair(...EVENT_LOOP),
    startedAt: 1_000,
    endedAt: 6_010,
  };
  const r = builtin(input([fast, pair(...STREAMS)]));

  it('gives no rate in the speech card, the answer or any sentence of the report', () => {
    expect(r.speech.wordsPerMinute).toBeNull();
    expect(r.speech.candidateSpeakingSeconds).toBeNull();
    expect(r.questionReports[0]!.speech?.wordsPerMinute).toBeNull();
    expect(reportWords(r)).not.toMatch(/words per minute/);
    expect(reportWords(r)).not.toMatch(/958/);
  });
});

describe('a skill never shares a performance category’s name with another number', () => {
  it('a set\'s topic "Communication" is named as its questions, not as the category', () => {
    const r = builtin(
      input([pair(...STORY)], { category: 'Behavioral', topics: ['Communication'] }),
    );
    const categories = PERFORMANCE_CATEGORIES.map((c) => c.label.toLowerCase());
    for (const s of r.skillBreakdown) expect(categories).not.toContain(s.skill.toLowerCase());
    expect(r.skillBreakdown.map((s) => s.skill)).toEqual(['Communication questions']);
  });
});

const at = (seconds: number) => Date.UTC(2026, 10, 24, 9, 0, seconds);
const passing = (seconds: number): CodingEvidence['runs'][number] => ({
  mode: 'submit',
  verdict: 'passed',
  language: 'javascript',
  code: 'function twoSum(nums, target) { /* map */ }',
  at: at(seconds),
  tests: [
    { hidden: false, verdict: 'passed' },
    { hidden: false, verdict: 'passed' },
    { hidden: true, verdict: 'passed' },
    { hidden: true, verdict: 'passed' },
  ],
});
const codingPair = (seconds: number): QaPair => ({
  ...pair(
    'Two sum: return the indices of the two numbers that add up to the target.',
    'I keep a map from each value to its index, and for every number I look up its complement. The brute force is O of n squared, but this is O of n. An empty array or a single element has no pair.',
    'coding',
  ),
  mode: 'typed',
  coding: { expectedComplexity: 'O(n) time, O(n) space', askedAt: at(0), runs: [passing(seconds)] },
});

describe('a coding round is scored on what a coding round shows', () => {
  const r = builtin(
    input([codingPair(38)], {
      category: 'Algorithms',
      topics: ['Algorithms'],
      flow: 'fixed',
      plannedQuestions: 1,
    }),
  );

  it('scores problem solving from its tests and approach, not 0% beside every test passed', () => {
    expect(r.overallScore).toBeGreaterThan(70);
    expect(r.problemSolvingScore).toBeGreaterThanOrEqual(70);
    expect(r.performanceAnalysis.problemSolving.score).toBe(r.problemSolvingScore);
    expect(r.performanceAnalysis.problemSolving.feedback).toMatch(/Coding answers: .*tests/);
    expect(r.overallComment).toContain(`Problem solving ${r.problemSolvingScore}`);
  });

  it('says the time to a passing submission the way the coding section does', () => {
    const q = r.questionReports[0]!;
    expect(q.coding?.firstPassingAfterSeconds).toBe(38);
    expect(q.dimensions?.accuracy.explanation).toContain(formatSeconds(38));
    expect(q.dimensions?.accuracy.explanation).not.toMatch(/minute\(s\)/);
    expect(formatSeconds(38)).toBe('38 s');
    expect(formatSeconds(540)).toBe('9 min');
    expect(formatSeconds(65)).toBe('1 min 5 s');
  });

  it('recommends nothing a coding round did not show: no STAR method, no stories', () => {
    expect(r.recommendations.join('\n')).not.toMatch(/STAR|Situation, Task|story|stories/);
  });

  it('blends the server’s coding figure into a model’s problem solving', () => {
    const i = input([codingPair(38), pair(...EVENT_LOOP, 'technical')]);
    const model: AiReportResult = {
      ...builtinReport(i),
      performanceAnalysis: {
        overallScore: 80,
        communication: { score: 80, feedback: 'Clear.' },
        // A model that judged problem solving on the technical answer alone.
        problemSolving: { score: 60, feedback: 'Fair.' },
        confidence: { score: 80, feedback: 'Sure.' },
      },
    };
    const ai = assembleReport({ input: i, result: model, producedBy: 'ai', fallbackReason: null });
    const codingOnly = builtin(input([codingPair(38)])).problemSolvingScore;
    expect(ai.problemSolvingScore).toBe(Math.round((60 + codingOnly) / 2));
  });
});

describe('recommendations come from what this attempt showed (issue 28)', () => {
  const weakStory = pair(
    'Tell me about a time you disagreed with a teammate.',
    'We disagreed about the design once. We talked about it and it was fine in the end.',
    'behavioural',
  );

  it('no "Behavioural at junior level", and nothing for topics never discussed', () => {
    const r = builtin(
      input([weakStory], { category: 'Behavioral', topics: ['Behavioural', 'Leadership'] }),
    );
    const all = r.recommendations.join('\n');
    expect(all).not.toMatch(/at junior level/);
    // The weak story earns the STAR method: it is what the attempt showed.
    expect(all).toMatch(/STAR/);
  });

  it('never repeats an area for improvement as a recommendation', () => {
    const r = builtin(
      input(
        [
          {
            ...pair(...STREAMS, 'technical'),
            expectedAnswer:
              'Backpressure slows a fast producer. highWaterMark sets the buffer size.',
            keyPoints: ['Backpressure slows a fast producer', 'highWaterMark sets the buffer size'],
          },
        ],
        { flow: 'fixed', plannedQuestions: 1 },
      ),
    );
    const missed = r.improvements.filter((i) => /key point/.test(i));
    expect(missed.length).toBeGreaterThan(0);
    for (const rec of r.recommendations) {
      for (const point of r.questionReports[0]!.keyPoints.map((k) => k.point)) {
        expect(rec).not.toContain(point);
      }
    }
  });

  it('learning resources only for topics that were asked and came out weak', () => {
    const strong = builtin(input([pair(...EVENT_LOOP)], { topics: ['Node.js', 'React'] }));
    const nodeSkill = strong.skillBreakdown.find((s) => s.skill === 'Node.js');
    expect(strong.skillBreakdown.map((s) => s.skill)).toEqual(['Node.js']);
    expect(strong.recommendationGroups.learningResources.join('\n')).not.toMatch(/React/);
    if (nodeSkill && nodeSkill.score >= 70) {
      expect(strong.recommendationGroups.learningResources).toEqual([]);
    }
  });
});
