import { describe, expect, it } from 'vitest';
import type { QaPair } from '../report-input';
import { topicsFor } from './bank';
import { evaluateAnswer, questionScore, type EvaluationContext } from './evaluator';
import { classifyQuestion } from './question-kind';

/**
 * Without an expected answer or key points (an interviewer's free-form question), the builtin
 * scorer cannot check facts. Issue 28, round 4 (decision 043): it scores how much of substance an
 * answer says (distinct ideas, specific terms) less vague words and hand-offs, and keeps "Did not
 * answer the question" for an answer that says none of the question's own words.
 */

const RTOS: EvaluationContext = { vocabulary: [], topics: topicsFor(['RTOS'], 'Embedded') };
const QUESTION = 'What is deadlock in a multithreaded program, and how do you avoid it?';

const ask = (answer: string, over: Partial<QaPair> = {}) =>
  evaluateAnswer(
    {
      question: QUESTION,
      answer,
      expectedAnswer: null,
      questionIndex: null,
      confidence: 0.95,
      mode: 'voice',
      ...over,
    },
    'technical',
    RTOS,
  );

// Explains deadlock without saying "deadlock", "multithreaded" or "program" once.
const IN_ITS_OWN_WORDS =
  "Two threads each grab one mutex and then wait forever for the other's, so neither moves: thread A holds the account lock and wants the ledger lock, thread B holds the ledger lock and wants the account lock. Coffman's four conditions all have to hold, mutual exclusion, hold and wait, no preemption and a circular wait, so you break one. The usual fix is a global lock ordering, always take the account lock before the ledger lock. Or use tryLock with a timeout and back off, or take both locks at once. In production I'd also keep a watchdog that dumps thread stacks when a worker stops making progress.";

// As long, on the subject, and says almost nothing.
const PADDED =
  "So deadlock, yeah, it's basically when things just get stuck in a multithreaded program, really stuck, and nothing happens, which is really bad, obviously. It's a very common thing and it happens a lot, honestly, in pretty much every program that has threads. You just have to be really careful, basically, and think about it very carefully when you write the code, and test everything a lot, and generally it's fine. I've seen it happen loads of times and it's always a pain, honestly, so you just avoid it by being careful and thinking things through, and that's pretty much it really.";

describe('an answer without an expected answer', () => {
  it('that explains the subject in its own words is an answer, never "Did not answer"', () => {
    const e = ask(IN_ITS_OWN_WORDS);
    // Never naming the subject, it counts in part: words alone cannot tell it from an answer to a
    // neighbouring question (decision 043).
    expect(e.relevance.verdict).toBe('partly');
    expect(e.comment).not.toMatch(/^Did not answer/);
    expect(e.features.specific.map((w) => w.toLowerCase())).toEqual(
      expect.arrayContaining(['mutex', 'preemption']),
    );
  });

  it('is scored on its substance: the same length of vague words scores far lower', () => {
    const good = ask(`That's a deadlock. ${IN_ITS_OWN_WORDS}`);
    const padded = ask(PADDED);
    expect(padded.features.words).toBeGreaterThan(good.features.words * 0.9);
    expect(padded.features.vague).toBeGreaterThan(15);
    expect(good.features.ideas.length).toBeGreaterThan(3 * padded.features.ideas.length);
    expect(questionScore(good.dimensions)).toBeGreaterThan(questionScore(padded.dimensions) + 25);
    for (const d of ['accuracy', 'completeness', 'technicalDepth'] as const) {
      expect(good.dimensions[d].score, d).toBeGreaterThan(padded.dimensions[d].score);
    }
  });

  it('does not count repeating the question as substance, and counts what its abbreviation stands for', () => {
    const echo = ask('Deadlock in a multithreaded program is deadlock, and you avoid deadlock.');
    expect(echo.features.ideas).toEqual([]);
    const acid = evaluateAnswer(
      {
        question: 'What does ACID mean for a database transaction?',
        answer: 'Atomicity, consistency, isolation and durability.',
        expectedAnswer: null,
        questionIndex: null,
        confidence: 0.95,
        mode: 'voice',
      },
      'technical',
      RTOS,
    );
    expect(acid.features.ideas.map((w) => w.toLowerCase())).toEqual([
      'atomicity',
      'consistency',
      'isolation',
      'durability',
    ]);
  });

  it('says none of the question\'s own words: "Did not answer the question"', () => {
    const e = ask(
      'For the reporting queries I added a composite index on customer id and order date, after the query plan showed full table scans on the orders table. Then I partitioned the events table by month so that the nightly job reads one partition, and it went from two hours to twenty minutes. We also moved the dashboards to a read replica.',
    );
    expect(e.relevance.verdict).toBe('off-topic');
    expect(questionScore(e.dimensions)).toBeLessThanOrEqual(15);
  });
});

describe('the kind of an opening question nobody labelled', () => {
  it.each([
    'So, to get us started, what made you want to work in local government?',
    'What made you choose nursing?',
    'Why did you decide to go into teaching?',
    'How did you end up in logistics?',
  ])('is a warm-up among the first questions: %s', (question) => {
    expect(classifyQuestion(question, 0)).toBe('warm-up');
    expect(classifyQuestion(question, 5)).not.toBe('warm-up');
  });
});
