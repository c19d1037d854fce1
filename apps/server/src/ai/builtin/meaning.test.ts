import { describe, expect, it } from 'vitest';
import type { QaPair } from '../report-input';
import { topicsFor } from './bank';
import { evaluateAnswer } from './evaluator';
import { keyPointsFor } from './features';
import { coverKeyPoints } from './key-points';
import { similarity } from './embeddings';
import { personCounts } from './story';

/**
 * Issue 28's examples of plain paraphrases the evaluator missed: each is covered now, and each
 * credit quotes the sentence that says it.
 */

const pair = (question: string, answer: string, over: Partial<QaPair> = {}): QaPair => ({
  question,
  answer,
  expectedAnswer: null,
  questionIndex: null,
  confidence: null,
  mode: 'typed',
  ...over,
});

describe('key points covered by what the answer means', () => {
  it('"listened to why he wanted it" covers "Listened to understand the other view"', () => {
    const [point] = keyPointsFor(
      pair(
        'Tell me about a time you disagreed with a colleague.',
        'A colleague wanted to rewrite our billing service in Go. I disagreed at first, but I listened to why he wanted it. Then I proposed a two-week spike, and in the end we kept the old service.',
        { keyPoints: ['Listened to understand the other view'] },
      ),
      'behavioural',
    );
    expect(point!.coverage).toBe('covered');
    expect(point!.evidence).toContain('I listened to why he wanted it.');
  });

  it('"a double loop over every pair, which is quadratic" covers the brute force in O(n squared)', () => {
    const [point] = coverKeyPoints(
      ['Brute force checks every pair in O(n squared)'],
      'The simplest way is a double loop over every pair, which is quadratic. A hash map of the values seen so far makes it linear.',
      'How would you find two numbers in an array that add up to a target?',
    );
    expect(point!.coverage).toBe('covered');
    expect(point!.evidence).toBe(
      'The simplest way is a double loop over every pair, which is quadratic.',
    );
  });

  it('"GIL" is the global interpreter lock, either way round', () => {
    const question = 'Why do Python threads not speed up CPU-bound work?';
    const [short] = coverKeyPoints(
      ['The global interpreter lock lets only one thread run Python bytecode at a time'],
      'Because of the GIL: only one thread runs Python bytecode at a time, so use processes instead.',
      question,
    );
    expect(short!.coverage).toBe('covered');
    const [long] = coverKeyPoints(
      ['The GIL lets one thread run bytecode at a time'],
      'The global interpreter lock means one thread runs bytecode at a time.',
      question,
    );
    expect(long!.coverage).toBe('covered');
  });

  it('reads the abbreviations candidates say: ORM, CI/CD, k8s, DB, PK/FK, SLA, p95', () => {
    const cases: [string, string][] = [
      [
        'An object relational mapping hides the SQL',
        'We used an ORM, which hides the SQL from us.',
      ],
      [
        'Continuous integration runs the tests on every change',
        'Our CI/CD runs the tests on every change we push.',
      ],
      ['Kubernetes restarts the failed pod', 'K8s restarts the failed pod for you.'],
      ['The database enforces the foreign key', 'The DB enforces the FK on every insert.'],
      ['A primary key identifies each row', 'The PK identifies each row.'],
      [
        'The service level agreement promises 99.9% uptime',
        'Our SLA promises 99.9% uptime to customers.',
      ],
      ['Watch the 95th percentile latency', 'I watch p95 latency on the dashboard.'],
    ];
    for (const [point, answer] of cases) {
      expect(coverKeyPoints([point], answer)[0]!.coverage, answer).toBe('covered');
    }
  });

  it('gives no credit without a quote: a covered point always quotes the answer', () => {
    const points = coverKeyPoints(
      ['Indexes speed up reads', 'Indexes slow down writes'],
      'An index speeds up reads a lot. Every write must update it too, so writes get slower.',
    );
    for (const p of points) {
      if (p.coverage !== 'missed') expect(p.evidence).toBeTruthy();
    }
  });

  it('never takes an opposite for a meaning, however close its vector', () => {
    expect(similarity('increase', 'decrease')).toBeGreaterThan(0.8);
    const [point] = coverKeyPoints(['Latency should decrease'], 'Latency will increase.');
    expect(point!.coverage).not.toBe('covered');
  });
});

describe('question words in the report', () => {
  it('never lists "thank" or "affect" as words the answer left out', () => {
    const e = evaluateAnswer(
      pair(
        'Thanks. How did moving the build to the cloud affect your release process?',
        'I moved our nightly deploys off a tired Jenkins box, and hid nothing: releases went from weekly to daily.',
      ),
      'technical',
      { vocabulary: [], topics: topicsFor(['CI/CD'], 'DevOps') },
    );
    const said = Object.values(e.dimensions)
      .map((d) => d.explanation)
      .join(' ');
    expect(said).not.toMatch(/\bthank|\baffect/i);
  });
});

describe('"I" and "we" in a story', () => {
  it("counts every form of \"I\": I, I'm, I've, I'd, me, my", () => {
    expect(personCounts("I'm sure I've said I'd do it; my lead asked me and I did.")).toEqual({
      i: 6,
      we: 0,
    });
  });

  it('never says "we" outweighed "I" of an answer that says "I" five times', () => {
    const e = evaluateAnswer(
      pair(
        'Tell me about a time you led a project.',
        "We planned the migration in March. We split the work into stages, we tested each one and we shipped it on time. I wrote the plan and I led the rollout. I'm proud of it, and my manager thanked me.",
      ),
      'behavioural',
      { vocabulary: [], topics: topicsFor(['Leadership'], 'Behavioral') },
    );
    expect(e.dimensions.accuracy.explanation).not.toMatch(/outweighed/);
  });
});
