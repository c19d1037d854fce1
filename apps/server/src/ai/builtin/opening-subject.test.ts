import { describe, expect, it } from 'vitest';
import type { QaPair } from '../report-input';
import { qaPair as pair } from '../../test/report-inputs';
import { topicsFor } from './bank';
import { evaluateAnswer, questionScore, type EvaluationContext } from './evaluator';
import { analyse } from './nlp';
import { unaskedOpeningSubject } from './opening-subject';

/**
 * An answer that opens on a subject of its own answers another question (graded corpus: "For
 * falls, every patient gets…" asked about sepsis, "A retain cycle is…" asked how to keep a slow
 * network call from freezing the screen), however many of the field's words it shares.
 */

const topics = topicsFor(['Hospital Pharmacy', 'Patient Flow'], 'Healthcare');
const SET: EvaluationContext = { vocabulary: [], topics };

const QUESTION = 'How would you cut the time patients wait for their discharge medicines?';
const NEIGHBOUR =
  'For controlled drugs, every dose goes in the register with two signatures, and the running balance is checked at each handover between shifts. Any discrepancy goes to the pharmacist the same day, before anyone goes home, and we audit the register against the cabinet every week. Keys stay with the nurse in charge, never in a drawer, and a destruction of expired stock is witnessed by a second pharmacist.';
const PARAPHRASE =
  'Most of the wait on the ward is because the take-home prescription only gets written on the morning they leave, so I would get the doctors to write it the day before, have a pharmacist screen it on the ward, and use patients’ own drugs from home where we can, so only the new items come up from the dispensary.';

describe('an answer that opens on a subject the question never names', () => {
  it('is "Did not answer the question", at most 15, and says what it was about', () => {
    const e = evaluateAnswer(pair(QUESTION, NEIGHBOUR), 'technical', SET);
    expect(e.relevance.verdict).toBe('off-topic');
    expect(questionScore(e.dimensions)).toBeLessThanOrEqual(15);
    expect(e.comment).toMatch(
      /^Did not answer the question\. The question asked about .*; the answer is about controlled drugs/,
    );
  });

  it('is "Did not answer" when it goes on about its own subject, though it names the question’s patient', () => {
    const e = evaluateAnswer(
      pair(
        'How do you spot delirium early in an older patient after surgery?',
        'For pressure ulcers, every patient gets a skin check on admission and a risk score. Anyone at risk goes on a pressure-relieving mattress and is turned every two hours, and we check the heels and sacrum at each turn. If a pressure area is red and does not blanch, it is documented, photographed and the tissue viability nurse is told the same day.',
      ),
      'technical',
      SET,
    );
    expect(e.relevance.verdict).toBe('off-topic');
    expect(e.comment).toMatch(/the answer is about pressure ulcers/);
  });

  it('counts in part, never "Did not answer", when it defines a thing the question never names', () => {
    // Without an expected answer, the thing defined first may be the mechanism that answers the
    // question: a token bucket, asked how to limit a rate.
    const e = evaluateAnswer(
      pair(
        'How would you stop one client from flooding a public API?',
        'A token bucket is a counter per API key that refills at a fixed rate, say ten a second, up to a burst of fifty. Each request takes a token; with none left it gets a 429 and a Retry-After header. I would keep the buckets in Redis so every server sees the same count.',
      ),
      'technical',
      SET,
    );
    expect(e.relevance.verdict).toBe('partly');
    expect(e.comment).toMatch(/^The answer opens on token bucket/);
  });

  it('is "Did not answer" when it defines a thing the question, expected answer and key points never name', () => {
    const e = evaluateAnswer(
      {
        ...pair(
          'How does a Bloom filter answer membership queries, and what errors can it make?',
          'A skip list is a sorted linked list with express lanes: each node is promoted to the level above with probability one half. A search starts at the top level and drops down when the next node overshoots, so it takes logarithmic time on average, and inserts only relink a few pointers, which makes it easy to make concurrent.',
        ),
        expectedAnswer:
          'A bit array with k hash functions: adding sets k bits, a query checks them. Any zero means absent; all ones mean probably present, so false positives happen and false negatives never do.',
        kind: 'technical',
      },
      'technical',
      SET,
    );
    expect(e.relevance.verdict).toBe('off-topic');
    expect(e.comment).toMatch(/the answer is about skip list/);
  });

  it('leaves a good answer in its own words scored as an answer', () => {
    const e = evaluateAnswer(pair(QUESTION, PARAPHRASE), 'technical', SET);
    expect(e.relevance.verdict).not.toBe('off-topic');
    expect(questionScore(e.dimensions)).toBeGreaterThan(25);
  });
});

describe('a spoken coding approach that opens on another problem', () => {
  // Problems solved by one technique share its steps, so the key points of this one are said too.
  const coding = (answer: string): QaPair => ({
    ...pair(
      'Find the first duplicate in an array of integers: return the first value that appears twice, scanning left to right.',
      answer,
    ),
    kind: 'coding',
    expectedAnswer:
      'Scan left to right with a hash set of values seen. The first value already in the set is the answer; return it. If the scan ends, there is no duplicate. O(n) time and O(n) space; sorting would lose the order.',
    keyPoints: [
      'Scan left to right keeping a hash set of values seen',
      'The first value already in the set is the answer',
      'O(n) time and O(n) space',
    ],
    coding: { expectedComplexity: 'O(n)', askedAt: null, runs: [] },
  });

  it.each([
    [
      'it goes on about that problem, whatever steps it shares',
      'For the longest run of consecutive numbers, I put every value in a hash set first. Then I scan left to right, and a value starts a run only when value minus one is not in the set; from there I count up while the next value is in the set. The longest run so far is the answer. Each value is visited at most twice, so O(n) time and O(n) space.',
      'longest run',
    ],
    [
      'it defines that problem’s own quantity and goes on with it',
      'The sum of a window is all I need to keep: I scan left to right with a hash set of window values, add the new value to the sum and take off the one leaving. The largest sum seen is the answer, and because each value enters and leaves the window once, it is O(n) time and O(n) space.',
      'sum',
    ],
  ])('is "Did not answer" when %s', (_when, answer, subject) => {
    const e = evaluateAnswer(coding(answer), 'coding', SET);
    expect(e.relevance.verdict).toBe('off-topic');
    expect(e.comment).toMatch(new RegExp(`the answer is about ${subject}\\b`));
  });

  it('keeps an answer that frames a case of this problem in passing', () => {
    const e = evaluateAnswer(
      coding(
        'For large inputs I would not sort, because that loses the order. I scan left to right with a hash set of what I have seen, and the first value already in the set is the answer, so I return it. If I reach the end there is no duplicate. It is O(n) time and O(n) extra space.',
      ),
      'coding',
      SET,
    );
    expect(e.relevance.verdict).toBe('answered');
  });
});

describe('the subject an answer opens on', () => {
  const opening = (answer: string, question: string) =>
    unaskedOpeningSubject(analyse(answer), question, question)?.text ?? null;

  it.each([
    ['For falls, every patient gets a risk assessment on admission.', 'falls'],
    ['A bloom filter is a bit array that answers "maybe" or "no".', 'bloom filter'],
    ['Um, so for image uploads I would go straight to object storage.', 'image uploads'],
    // "X's" said for "X is"; a long "For X" named by its head.
    ["Recovery's actually when most of the risk is.", 'recovery'],
    [
      'For the maximum profit from one buy and one sell, I keep the lowest price.',
      'maximum profit',
    ],
  ])('names another subject: %s', (answer, subject) => {
    expect(opening(answer, 'How does consistent hashing spread keys across cache nodes?')).toBe(
      subject,
    );
  });

  it.each([
    // The question's own subject, in a word of its own family.
    [
      'Hashing consistently means each node owns an arc of a ring.',
      'How does consistent hashing work?',
    ],
    [
      'Shrink is mostly theft and damage, so I would split it by type.',
      'How would you cut shrinkage?',
    ],
    // Framing, quantifiers and the parts of a design open answers to any question.
    ['The key is to never block the main thread.', 'How do you keep an iOS screen responsive?'],
    [
      'The trap is thinking you only compare a node with its kids. Every node carries a window it has to fit in.',
      'How would you check that a binary tree is a valid binary search tree?',
    ],
    ['My default is to keep state close to where it is used.', 'Where should React state live?'],
    [
      'Every element is a box of content, padding, border and margin.',
      'Explain the CSS box model.',
    ],
    ['For the write path, I would generate a short code and store it.', 'Design a URL shortener.'],
    // A part of the question's subject, which the rest of the sentence names.
    ['For hashing, I would turn each long URL into a short code.', 'Design a URL shortener.'],
    [
      'For guest shoppers, the checkout asks for an account first, so I would let guests pay without one and measure guest conversion.',
      'How would you reduce drop-off in the checkout?',
    ],
    // A property set up as a premise, not a subject defined.
    [
      'JavaScript is single-threaded, so one slow callback blocks the rest.',
      'What is the event loop?',
    ],
    ['HTTP is stateless, so the cookie carries the session id.', 'How do sessions work?'],
    // Discourse openers, and a thing judged as part of this question's answer.
    ['For instance, you could profile it first.', 'How would you cut a service’s memory use?'],
    ['For a quick win, I would check the caches.', 'How would you cut a service’s memory use?'],
    [
      'Honestly, garbage collection is rarely the issue.',
      'How would you cut a service’s memory use?',
    ],
    ['Fragmentation is usually the hidden cost.', 'How would you cut a service’s memory use?'],
    // A quality every design has, said alone.
    [
      'For durability, I would replicate each message to three nodes.',
      'Design a group chat backend.',
    ],
    // A proposal, not a definition.
    ['Redis is the obvious choice here, with sorted sets.', 'Build a global game leaderboard.'],
    // Symbols are said in words: "triple equals" for ===.
    [
      'Triple equals is strict equality.',
      'What is the difference between == and === in JavaScript?',
    ],
    // A possessive is not "X is"; a person opens a story.
    [
      "The tendon's load capacity is what we build up.",
      'How would you manage Achilles tendinopathy?',
    ],
    ["He's actually the reason I moved teams.", 'Why do you want this role?'],
    // No subject announced at all.
    ['First I would reproduce it on a real phone.', 'Why is the product page slow on phones?'],
  ])('is not another subject: %s', (answer, question) => {
    expect(opening(answer, question)).toBeNull();
  });
});
