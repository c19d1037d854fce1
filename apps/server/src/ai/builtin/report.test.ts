import { NOT_ENOUGH_SPEECH, WARM_UP_NOT_SCORED } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { builtinReportOf, qaPair, reportInputOf } from '../../test/report-inputs';
import { assembleReport } from '../assemble-report';
import type { AiReportResult } from '../report-result';
import { builtinReport } from './report';

const pair = qaPair;
const input = reportInputOf;
const builtin = builtinReportOf;

const ABOUT_ME =
  'Sure. I am a backend developer at a logistics company, mostly Node and PostgreSQL, and lately I have been working on our delivery tracking service.';
const EVENT_LOOP = [
  'How does the Node.js event loop handle many requests at once?',
  'Node runs JavaScript on one thread, and the event loop picks up callbacks when the call stack is empty. I/O such as database queries and network calls is handed to libuv and the operating system, so while one request waits for the database the loop serves other requests. That is why Node handles many concurrent connections, but also why a CPU-heavy loop blocks every request: nothing else runs until it returns. For example, in my last job a synchronous JSON parse of a large payload stalled the API for a second.',
] as const;
const STORY = [
  'Tell me about a time you disagreed with a teammate. How did you handle it?',
  'At my last company a colleague wanted to rewrite our reporting service, and I thought the slowness came from the queries. I asked him for half an hour to hear his reasons, and I proposed that we measure first. I spent a day profiling and found three queries without an index took eighty percent of the time. We added the indexes, response times went from four seconds to under half a second, and we dropped the rewrite. I learned to ask for data before arguing.',
] as const;

describe('builtin report', () => {
  it('is the same for the same input, and explains its numbers', () => {
    const i = input([pair(...EVENT_LOOP)]);
    expect(builtinReport(i)).toEqual(builtinReport(i));
    const r = builtinReport(i);
    expect(r.overview?.interviewDuration).toBe(12.3);
    expect(r.skillBreakdown).toEqual([{ skill: 'Node.js', score: expect.any(Number) }]);
  });

  it('gives a warm-up feedback only: not scored, not in the average, and says so', () => {
    const withWarmUp = builtin(
      input([pair('Tell me a little about yourself.', ABOUT_ME), pair(...EVENT_LOOP)]),
    );
    const without = builtin(input([pair(...EVENT_LOOP)]));
    const [warmUp, technical] = withWarmUp.questionReports;
    expect(warmUp).toMatchObject({
      kind: 'warm-up',
      scored: false,
      score: null,
      notScoredReason: WARM_UP_NOT_SCORED,
    });
    expect(warmUp!.comment).toMatch(/^Warm-up, not scored/);
    expect(technical!.kind).toBe('technical');
    expect(withWarmUp.overallScore).toBe(without.overallScore);
    expect(withWarmUp.problemSolvingScore).toBe(without.problemSolvingScore);
    expect(withWarmUp.communicationScore).toBe(without.communicationScore);
    expect(withWarmUp.overallComment).toMatch(
      /1 warm-up answer\(s\) given feedback only, not scored/,
    );
  });

  it('counts "I don\'t know" as not answered, against the overall score, never as points', () => {
    const answered = builtin(input([pair(...EVENT_LOOP)], { flow: 'fixed', plannedQuestions: 1 }));
    const r = builtin(
      input(
        [
          pair(...EVENT_LOOP, 'technical'),
          pair('What is backpressure in streams?', "Um, I don't know, sorry.", 'technical'),
        ],
        { flow: 'fixed', plannedQuestions: 2 },
      ),
    );
    const declined = r.questionReports[1]!;
    expect(declined).toMatchObject({ scored: false, score: null, notScoredReason: 'not answered' });
    expect(declined.comment).toMatch(/you said 'i don't know'/i);
    expect(r.overallScore).toBe(Math.round(answered.overallScore / 2));
    expect(r.improvements.join(' ')).toMatch(/Answered 1 of 2 questions/);
  });

  it('does not drag problem solving of a behavioural set down with technical measures', () => {
    const r = builtin(
      input([pair(...STORY)], {
        category: 'Behavioral',
        topics: ['Teamwork', 'Conflict Resolution'],
      }),
    );
    expect(r.questionReports[0]!.kind).toBe('behavioural');
    expect(r.problemSolvingScore).toBeGreaterThanOrEqual(60);
    expect(r.performanceAnalysis.problemSolving.feedback).toMatch(
      /Behavioural answers: story structure/,
    );
    expect(r.performanceAnalysis.problemSolving.feedback).not.toMatch(/technical depth/);
    for (const q of r.questionReports) expect(q.comment).not.toMatch(/technical terms/);
    // Skills of a behavioural set rest on its stories, named as the set names them (issue 27).
    expect(r.skillBreakdown.map((s) => s.skill)).toEqual(['Teamwork', 'Conflict Resolution']);
  });

  it('scores skills of each kind only from answers of that kind', () => {
    const r = builtin(
      input([pair(...EVENT_LOOP), pair(...STORY)], { topics: ['Node.js', 'Teamwork'] }),
    );
    const [technical, story] = r.questionReports;
    const skills = Object.fromEntries(r.skillBreakdown.map((s) => [s.skill, s.score]));
    expect(skills['Node.js']).toBe(technical!.score);
    expect(skills['Teamwork']).toBe(story!.score);
  });

  it('gives no score at all when nothing could be scored', () => {
    const r = builtinReport(
      input([pair('What is a stream?', ''), pair('Tell me about yourself.', ABOUT_ME)]),
    );
    expect(r.performanceAnalysis.overallScore).toBe(0);
    expect(r.skillBreakdown).toEqual([]);
    expect(r.detailedFeedback.overallFeedback).toMatch(/no score could be given/);
  });

  it('never invents a score for speech it could not hear', () => {
    const i = input([
      pair(...EVENT_LOOP),
      { ...pair('What is a buffer?', 'mmm'), confidence: 0.2 },
    ]);
    const [heard, unheard] = builtin(i).questionReports;
    expect(heard!.scored).toBe(true);
    expect(unheard).toMatchObject({
      scored: false,
      score: null,
      evaluation: null,
      notScoredReason: NOT_ENOUGH_SPEECH,
    });
  });
});

describe('a report written by an AI model', () => {
  const i = input(
    [
      pair('Tell me a little about yourself.', ABOUT_ME),
      pair(...EVENT_LOOP),
      pair('What is backpressure in Node.js streams?', 'No idea, can we skip this one?'),
    ],
    { flow: 'topic-based' },
  );
  const scores = { accuracy: 90, completeness: 90, technicalDepth: 90, clarity: 90 };
  const model: AiReportResult = {
    ...builtinReport(i),
    performanceAnalysis: {
      overallScore: 95,
      communication: { score: 90, feedback: 'Clear.' },
      problemSolving: { score: 90, feedback: 'Good.' },
      confidence: { score: 90, feedback: 'Sure.' },
    },
    questionAnalysis: [1, 2, 3].map((index) => ({
      index,
      evaluation: { ...scores, feedback: `Model feedback ${index}.` },
      explanations: undefined,
      evidence: undefined,
    })),
  };
  const r = assembleReport({ input: i, result: model, producedBy: 'ai', fallbackReason: null });

  it('keeps the server’s word on warm-ups and non-answers, whatever the model scored', () => {
    const [warmUp, technical, declined] = r.questionReports;
    expect(warmUp).toMatchObject({ kind: 'warm-up', score: null, scored: false });
    expect(warmUp!.comment).toBe('Warm-up, not scored. Model feedback 1.');
    expect(technical).toMatchObject({ kind: 'technical', score: 90, scoredBy: 'ai' });
    expect(declined).toMatchObject({ score: null, notScoredReason: 'not answered' });
  });

  it('computes the overall from the scored questions, the non-answer counting against it', () => {
    expect(r.overallScore).toBe(45);
    expect(r.performanceAnalysis.overallScore).toBe(45);
  });
});

describe("words that name JavaScript's own object properties", () => {
  // "Constructor injection…" at the start of a sentence once found Object's constructor among the
  // abbreviations and crashed the whole report.
  it.each(['Constructor', 'CONSTRUCTOR', 'ToString', 'ValueOf', 'HasOwnProperty', '__proto__'])(
    'are read as words: "%s injection…" in an answer, and the answer is scored',
    (word) => {
      const answer = `${word} injection is preferred for immutability and easy testing. Spring builds each bean and passes its dependencies into the constructor, so the class never looks them up itself, and in a test you just pass a fake. The container reads the configuration, or the component scan, and wires the beans by type.`;
      const r = builtin(input([pair('How does dependency injection work in Spring?', answer)]));
      expect(r.questionReports[0]).toMatchObject({ scored: true, score: expect.any(Number) });
    },
  );
});
