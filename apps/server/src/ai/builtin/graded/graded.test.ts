import { countWords } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../db/seed-data';
import { BANK } from '../bank';
import { GRADED_FORMS, GRADED_PARTS, GRADES, reportInputFor, type GradedQuestion } from './corpus';

/**
 * The graded corpus's shape (issue 28), not its scores: those are what the builtin scorer is
 * measured on (`npx tsx bench/scores.ts`), and they change with it.
 */

const tuned = GRADED_PARTS.tuned;
const heldOut = GRADED_PARTS['held-out'];
const heldOut2 = GRADED_PARTS['held-out-2'];
const heldOut3 = GRADED_PARTS['held-out-3'];
const heldOut4 = GRADED_PARTS['held-out-4'];
const heldOut5 = GRADED_PARTS['held-out-5'];
const heldOut6 = GRADED_PARTS['held-out-6'];
const heldOut7 = GRADED_PARTS['held-out-7'];
const bank = GRADED_PARTS.bank;
const bank2 = GRADED_PARTS['bank-2'];
const bank3 = GRADED_PARTS['bank-3'];
const bank4 = GRADED_PARTS['bank-4'];
/** Each bank question's topic entry, to read which topic a question and its off-topic answer are of. */
const byQuestion = new Map(
  BANK.flatMap((t) => Object.values(t.questions).flatMap((qs) => qs.map((q) => [q, t] as const))),
);
const all = [
  ...tuned,
  ...heldOut,
  ...heldOut2,
  ...heldOut3,
  ...heldOut4,
  ...heldOut5,
  ...heldOut6,
  ...heldOut7,
  ...bank,
  ...bank2,
  ...bank3,
  ...bank4,
];
const parts = [
  ['tuned', tuned],
  ['held-out', heldOut],
  ['held-out-2', heldOut2],
  ['held-out-3', heldOut3],
  ['held-out-4', heldOut4],
  ['held-out-5', heldOut5],
  ['held-out-6', heldOut6],
  ['held-out-7', heldOut7],
] as const;

const answersOf = (q: GradedQuestion) => [...GRADES.map((g) => q.answers[g]), q.offTopic.text];

describe('the graded corpus', () => {
  it('has at least 48 questions, split about evenly into a tuned and a held-out part', () => {
    expect(all.length).toBeGreaterThanOrEqual(48);
    expect(Math.abs(tuned.length - heldOut.length)).toBeLessThanOrEqual(2);
  });

  it.each([
    ['a second', heldOut2],
    ['a third', heldOut3],
    ['a fourth', heldOut4],
    ['a fifth', heldOut5],
    ['a sixth', heldOut6],
    ['a seventh', heldOut7],
  ] as const)(
    'has %s held-out part of at least 24 questions, of the same forms as the first',
    (_, part) => {
      expect(part.length).toBeGreaterThanOrEqual(24);
      // Form and flow counts alike, so figures of the held-out parts compare like with like.
      const mix = (questions: readonly GradedQuestion[]) =>
        Object.fromEntries(
          GRADED_FORMS.flatMap((form) =>
            (['fixed', 'topic-based'] as const).map((flow) => [
              `${form} ${flow}`,
              questions.filter((q) => q.form === form && q.flow === flow).length,
            ]),
          ),
        );
      expect(mix(part)).toEqual(mix(heldOut));
    },
  );

  it('has unique ids, each naming its part', () => {
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    expect(tuned.every((q) => q.id.startsWith('tu-'))).toBe(true);
    expect(heldOut.every((q) => q.id.startsWith('ho-'))).toBe(true);
    expect(heldOut2.every((q) => q.id.startsWith('h2-'))).toBe(true);
    expect(heldOut3.every((q) => q.id.startsWith('h3-'))).toBe(true);
    expect(heldOut4.every((q) => q.id.startsWith('h4-'))).toBe(true);
    expect(heldOut5.every((q) => q.id.startsWith('h5-'))).toBe(true);
    expect(heldOut6.every((q) => q.id.startsWith('h6-'))).toBe(true);
    expect(heldOut7.every((q) => q.id.startsWith('h7-'))).toBe(true);
    expect(bank.every((q) => q.id.startsWith('bk-'))).toBe(true);
    expect(bank2.every((q) => q.id.startsWith('b2-'))).toBe(true);
    expect(bank3.every((q) => q.id.startsWith('b3-'))).toBe(true);
    expect(bank4.every((q) => q.id.startsWith('b4-'))).toBe(true);
  });

  it.each([
    ['bank', bank],
    ['bank-2', bank2],
    ['bank-3', bank3],
  ] as const)(
    '%s: technical questions of the builtin bank word for word, each answered off-topic by a neighbour of its topic',
    (_, part) => {
      expect(part.length).toBeGreaterThanOrEqual(24);
      for (const q of part) {
        const topic = byQuestion.get(q.question);
        expect(topic?.kind, q.id).toBe('technical');
        expect(byQuestion.get(q.offTopic.answers), q.id).toBe(topic);
        expect([q.flow, q.expectedAnswer, q.keyPoints]).toEqual(['topic-based', null, []]);
      }
      const topics = new Set(part.map((q) => byQuestion.get(q.question)!.topic));
      expect(topics.size).toBeGreaterThanOrEqual(12);
    },
  );

  it('bank-4: bank questions word for word, half answered off-topic by another topic of the field', () => {
    expect(bank4.length).toBeGreaterThanOrEqual(24);
    let otherTopic = 0;
    for (const q of bank4) {
      const topic = byQuestion.get(q.question);
      const answered = byQuestion.get(q.offTopic.answers);
      expect([topic?.kind, answered?.kind], q.id).toEqual(['technical', 'technical']);
      expect(q.offTopic.answers, q.id).not.toBe(q.question);
      expect([q.flow, q.expectedAnswer, q.keyPoints]).toEqual(['topic-based', null, []]);
      if (answered !== topic) otherTopic++;
    }
    expect(otherTopic).toBe(12);
    expect(
      new Set(bank4.map((q) => byQuestion.get(q.question)!.topic)).size,
    ).toBeGreaterThanOrEqual(14);
  });

  // Pairwise, so that a part fitted to by a scorer never carries a question or an answer that a
  // held-out part judges it on.
  // Every pair of parts, each question and answer written once in the whole corpus.
  const everyPart = [
    ...parts,
    ['bank', bank],
    ['bank-2', bank2],
    ['bank-3', bank3],
    ['bank-4', bank4],
  ] as const;
  it.each(
    everyPart.flatMap(([oneName, one], i) =>
      everyPart.slice(i + 1).map(([otherName, other]) => ({ oneName, one, otherName, other })),
    ),
  )('shares no question and no answer between $oneName and $otherName', ({ one, other }) => {
    const normal = (s: string) => s.toLowerCase().replace(/\W+/g, ' ').trim();
    const questions = new Set(one.map((q) => normal(q.question)));
    expect(other.filter((q) => questions.has(normal(q.question)))).toEqual([]);
    const answers = new Set(one.flatMap(answersOf).map(normal));
    expect(other.flatMap(answersOf).filter((a) => answers.has(normal(a)))).toEqual([]);
  });

  it.each(parts)(
    '%s: every form of question, fixed and topic-based, and many fields',
    (_, part) => {
      for (const form of GRADED_FORMS) {
        expect(part.filter((q) => q.form === form).length, form).toBeGreaterThanOrEqual(2);
      }
      expect(part.filter((q) => q.flow === 'topic-based').length).toBeGreaterThanOrEqual(6);
      expect(new Set(part.map((q) => q.category)).size).toBeGreaterThanOrEqual(8);
    },
  );

  it.each(all.map((q) => [q.id, q] as const))(
    '%s: five graded answers and an off-topic one, distinct, of spoken length',
    (_, q) => {
      const answers = answersOf(q);
      expect(new Set(answers).size).toBe(6);
      for (const answer of answers) {
        expect(countWords(answer)).toBeGreaterThanOrEqual(15);
        expect(countWords(answer)).toBeLessThanOrEqual(300);
      }
      // The off-topic answer answers another question, which is named.
      expect(q.offTopic.answers).not.toBe(q.question);
    },
  );

  it.each(all.map((q) => [q.id, q] as const))(
    '%s: a fixed question has an expected answer and key points; a free-form one neither',
    (_, q) => {
      if (q.flow === 'fixed') {
        expect(q.expectedAnswer).not.toBeNull();
        expect(q.keyPoints.length).toBeGreaterThanOrEqual(4);
      } else {
        expect(q.expectedAnswer).toBeNull();
        expect(q.keyPoints).toEqual([]);
        // A coding question is always a catalogue question: it needs its expected complexity.
        expect(q.kind).not.toBe('coding');
      }
      expect(q.kind === 'coding').toBe(q.expectedComplexity !== undefined);
      expect(q.form === 'system-design' ? q.kind : q.form).toBe(q.kind);
    },
  );

  it('takes the demo catalogue questions it reuses word for word, key points included', () => {
    const catalogue = new Map(
      demoCatalogue
        .flatMap((c) => c.sets.flatMap((s) => s.questions ?? []))
        .map((q) => [q.questionText, q]),
    );
    const reused = all.filter((q) => catalogue.has(q.question));
    expect(reused.map((q) => q.id).sort()).toEqual([
      'tu-beh-disagreed-teammate',
      'tu-code-two-sum',
      'tu-code-valid-brackets',
    ]);
    for (const q of reused) {
      const seeded = catalogue.get(q.question)!;
      expect([q.kind, q.expectedAnswer, q.keyPoints]).toEqual([
        seeded.kind,
        seeded.expectedAnswer,
        seeded.keyPoints,
      ]);
    }
  });

  it('builds a report input as the held-out set does: a fixed question with its kind', () => {
    const fixed = all.find((q) => q.kind === 'coding')!;
    const [pair] = reportInputFor(fixed, fixed.answers[5]).pairs;
    expect(pair).toMatchObject({ kind: 'coding', keyPoints: fixed.keyPoints, questionIndex: 0 });
    expect(pair!.coding).toEqual({
      expectedComplexity: fixed.expectedComplexity,
      askedAt: null,
      runs: [],
    });
    const free = all.find((q) => q.flow === 'topic-based')!;
    const input = reportInputFor(free, free.answers[5]);
    expect(input.interview).toMatchObject({ flow: 'topic-based', topics: free.topics });
    expect(input.pairs[0]!.kind).toBeUndefined();
    expect(input.pairs[0]!.expectedAnswer).toBeNull();
  });
});
