import { describe, expect, it } from 'vitest';
import { bankReferenceFor } from '../../ai/builtin/bank';
import type { QuestionKind, QuestionReport } from '@candor/shared';
import {
  planDrill,
  skillOf,
  skillScores,
  type CatalogueQuestion,
  type ScoredAttempt,
} from './plan';

/**
 * The drill's rules (decision 045) on hand-made attempts: which skill an answer counts towards,
 * the weakest skills, and which questions practise them in ten minutes.
 */

const question = (
  text: string,
  score: number | null,
  kind: QuestionKind = 'technical',
): QuestionReport => ({
  question: text,
  kind,
  answer: score === null ? '' : 'An answer.',
  score,
  comment: '',
  tags: [],
  evaluation: null,
  dimensions: null,
  scored: score !== null,
  notScoredReason: score === null ? 'not answered' : null,
  expectedAnswer: null,
  keyPoints: [],
  speech: null,
  scoredBy: 'builtin',
});

let n = 0;
const attempt = (
  over: Partial<ScoredAttempt> & { questionReports: QuestionReport[] },
): ScoredAttempt => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  completedAt: new Date(Date.UTC(2026, 10, n)),
  difficulty: 'mid',
  categoryName: 'Frontend',
  topics: [],
  retryOf: null,
  retryQuestion: null,
  drill: null,
  ...over,
});

const catalogued = (
  text: string,
  over: Partial<CatalogueQuestion> = {},
  kind: QuestionKind = 'technical',
): CatalogueQuestion => ({
  snapshot: {
    questionText: text,
    expectedAnswer: 'Expected.',
    difficulty: 'medium',
    timeLimit: 300,
    kind,
    keyPoints: [],
  },
  categoryName: 'Frontend',
  topics: [],
  difficulty: 'mid',
  ...over,
});

describe('which skill an answer counts towards', () => {
  const a = attempt({ topics: ['React', 'CSS'], categoryName: 'Frontend', questionReports: [] });

  it('is the rubric for behavioural, coding and system-design answers', () => {
    expect(skillOf(question('Tell me about a conflict.', 50, 'behavioural'), a)).toBe(
      'Behavioural',
    );
    expect(skillOf(question('Reverse a list.', 50, 'coding'), a)).toBe('Coding');
    expect(skillOf(question('Design a URL shortener.', 50, 'system-design'), a)).toBe(
      'System Design',
    );
  });

  it("is the attempt's topic the question names or speaks of, else its first topic, else its category", () => {
    expect(skillOf(question('How does CSS specificity work?', 50), a)).toBe('CSS');
    // A bank alias names its topic: hooks are React's.
    expect(skillOf(question('How do hooks replace lifecycle methods?', 50), a)).toBe('React');
    // Neither named: the first topic.
    expect(skillOf(question('What is a closure?', 50), a)).toBe('React');
    const js = attempt({ topics: ['CSS', 'JavaScript'], questionReports: [] });
    expect(skillOf(question('Explain the difference between var, let and const.', 50), js)).toBe(
      'JavaScript',
    );
    const none = attempt({ topics: [], categoryName: 'Backend', questionReports: [] });
    expect(skillOf(question('What is a closure?', 50), none)).toBe('Backend');
  });

  it('is the skill a drill asked it for', () => {
    const drill = attempt({
      topics: ['Databases', 'Behavioural'],
      categoryName: 'Practise next',
      questionReports: [],
      drill: {
        minutes: 10,
        skills: [],
        attemptsRead: 1,
        questions: [
          {
            position: 0,
            skill: 'Databases',
            source: 'new',
            kind: 'technical',
            question: null,
            questionText: 'How does an index speed up a query?',
            lastScore: null,
            lastAskedAt: null,
            from: null,
          },
        ],
      },
    });
    expect(skillOf(question('How does an index speed up a query?', 40), drill)).toBe('Databases');
  });
});

describe('the weakest skills', () => {
  it('are the lowest means of the answers, weakest first; ties go to the surer figure', () => {
    const attempts = [
      attempt({
        topics: ['React', 'CSS'],
        questionReports: [
          question('What does React reconcile?', 40),
          question('Explain React keys.', 61),
          question('How does CSS grid differ from flexbox?', 50),
          question('Tell me about a deadline you missed.', 45, 'behavioural'),
          question('Warm-up: how are you?', null, 'warm-up'),
        ],
      }),
      attempt({
        topics: ['CSS'],
        questionReports: [question('What is the cascade?', 50), question('What is BEM?', 50)],
      }),
    ];
    expect(skillScores(attempts)).toEqual([
      { skill: 'Behavioural', score: 45, answers: 1 },
      // 40 and 61: 50.5 rounds to 51; CSS is 50 over three answers.
      { skill: 'CSS', score: 50, answers: 3 },
      { skill: 'React', score: 51, answers: 2 },
    ]);
  });
});

describe('the drill', () => {
  it('is empty without a scored answer', () => {
    const plan = planDrill(
      [attempt({ questionReports: [question('Hello?', null, 'warm-up')] })],
      [],
    );
    expect(plan).toEqual({ skills: [], questions: [], attemptsRead: 1 });
  });

  it("retries each weak skill's weakest question at its latest score, then asks a new one on each", () => {
    const older = attempt({
      topics: ['React', 'CSS', 'Accessibility', 'Testing'],
      questionReports: [
        question('What does React reconcile?', 20),
        question('Explain React keys.', 35),
        question('How does CSS grid differ from flexbox?', 30),
        question('What is an ARIA live region in Accessibility?', 55),
        question('How do you test a Testing pyramid?', 90),
      ],
    });
    // Answered better since: its latest score (80) is what counts, so React's weakest is keys.
    const retried = attempt({
      topics: older.topics,
      retryOf: older.id,
      retryQuestion: 0,
      questionReports: [question('What does React reconcile?', 80)],
    });
    const catalogue = [
      catalogued('How does CSS grid differ from flexbox?', { topics: ['CSS'] }), // asked lately
      catalogued('What is a stacking context in CSS?', { topics: ['CSS'], difficulty: 'junior' }),
      catalogued('How do CSS container queries work?', { topics: ['CSS'], difficulty: 'mid' }),
      catalogued('What is useMemo for?', { topics: ['React'] }),
    ];
    const plan = planDrill([retried, older], catalogue);
    // React: 20, 35 and the retry's 80 (every answer counts towards the skill's mean).
    expect(plan.skills.map((s) => `${s.skill} ${s.score}`)).toEqual([
      'CSS 30',
      'React 45',
      'Accessibility 55',
    ]);
    expect(plan.questions.map((q) => [q.position, q.skill, q.source, q.questionText])).toEqual([
      [0, 'CSS', 'retry', 'How does CSS grid differ from flexbox?'],
      [1, 'React', 'retry', 'Explain React keys.'],
      [2, 'Accessibility', 'retry', 'What is an ARIA live region in Accessibility?'],
      // At the candidate's level first (mid), never one asked lately.
      [3, 'CSS', 'new', 'How do CSS container queries work?'],
      [4, 'React', 'new', 'What is useMemo for?'],
      // Nothing in the catalogue: the builtin bank's question on the skill.
      [5, 'Accessibility', 'new', expect.any(String)],
    ]);
    expect(plan.questions[1]).toMatchObject({
      lastScore: 35,
      // The chain of tries starts at the first attempt that asked it.
      from: { interviewId: older.id, questionIndex: 1 },
      retryFrom: { interviewId: older.id, questionIndex: 1 },
    });
    // With the bank's answer key, so the drill's report reads the answer against it (decision 051).
    const key = bankReferenceFor(plan.questions[5]!.questionText)!;
    expect(plan.questions[5]!.snapshot).toMatchObject({
      kind: 'technical',
      expectedAnswer: key.expectedAnswer,
      keyPoints: key.keyPoints,
    });
    expect(plan.questions[5]!.questionText).not.toBe(plan.questions[2]!.questionText);
  });

  it('keeps a retry of a retry on the first try of its question', () => {
    const first = attempt({
      topics: ['SQL'],
      questionReports: [question('What is an index in SQL?', 50)],
    });
    const retry = attempt({
      topics: ['SQL'],
      retryOf: first.id,
      retryQuestion: 0,
      questionReports: [question('What is an index in SQL?', 30)],
    });
    const plan = planDrill([retry, first], []);
    expect(plan.questions[0]).toMatchObject({
      lastScore: 30,
      from: { interviewId: first.id, questionIndex: 0 },
      retryFrom: { interviewId: retry.id, questionIndex: 0 },
    });
  });

  it('fits in ten minutes: an editor or a board takes four, a spoken question one and a half', () => {
    const attempts = [
      attempt({
        questionReports: [
          question('Reverse a linked list.', 20, 'coding'),
          question('Design a URL shortener.', 25, 'system-design'),
          question('Tell me about a conflict.', 30, 'behavioural'),
        ],
      }),
    ];
    const catalogue = [
      catalogued('Merge two sorted arrays.', {}, 'coding'),
      catalogued('Tell me about a time you changed your mind.', {}, 'behavioural'),
    ];
    const plan = planDrill(attempts, catalogue);
    // 4 + 4 + 1.5 = 9.5 > 9 minutes for questions: the behavioural retry does not fit, nor the
    // new coding question; nothing of 1.5 minutes fits after 8.
    expect(plan.questions.map((q) => [q.skill, q.source])).toEqual([
      ['Coding', 'retry'],
      ['System Design', 'retry'],
    ]);
  });
});
