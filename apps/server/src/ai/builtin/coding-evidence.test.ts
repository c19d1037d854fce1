import { describe, expect, it } from 'vitest';
import type { CodingEvidence } from '../report-input';
import { codingReport, expectedComplexityClass, statedComplexity } from './coding-evidence';
import { answerFeatures } from './features';
import { codingRubric } from './rubric-coding';

const pairOf = (answer: string) => ({
  question: 'Explain your approach.',
  answer,
  expectedAnswer: null,
  questionIndex: 1,
  confidence: null,
  mode: 'voice' as const,
});

describe('the complexity a candidate states', () => {
  it.each([
    ['Okay, so this runs in O(n) time because each number is looked at once.', 'n'],
    ['It is big O of n log n, since the sort dominates.', 'n log n'],
    ['So the brute force would be O of n squared. With the map it comes down to O of n.', 'n'],
    ['That gives us linear time overall.', 'n'],
    ['Lookups are constant time on average.', '1'],
    ['The nested loops make it quadratic time.', 'n^2'],
    ['It is O(n²) I think.', 'n^2'],
    ['Binary search is O(log n).', 'log n'],
    // Said bare, as people say them (graded corpus, issue 28).
    ['Sort them first; the sort dominates, n log n, and the pass is linear.', 'n'],
    ['Each insert is log n.', 'log n'],
    ['Two loops over the list, so that is n squared.', 'n^2'],
    // A class said of an alternative set aside is not the candidate's own.
    ['One pass with a map, O(n), way better than checking every pair, which is n squared.', 'n'],
  ])('%s → %s', (answer, expected) => {
    expect(statedComplexity(answer)?.complexity).toBe(expected);
  });

  it('finds none where none is said, and quotes the sentence where one is', () => {
    expect(statedComplexity('I used a hash map and returned the two indices.')).toBeNull();
    expect(statedComplexity('First I sort. Then one pass, so O(n log n) in total.')?.quote).toBe(
      'Then one pass, so O(n log n) in total.',
    );
  });

  it('reads the set’s expected complexity as its time class', () => {
    expect(expectedComplexityClass('O(n) time, O(n) space')).toBe('n');
    expect(expectedComplexityClass('O(n log n) time, O(n) space')).toBe('n log n');
    expect(expectedComplexityClass('fast')).toBeNull();
    // The main operation's class comes first.
    expect(expectedComplexityClass('O(log n) per number added, O(1) per median')).toBe('log n');
    // Bounded variables beside the input's size (a word's length, the alphabet) are left out.
    expect(expectedComplexityClass('O(n k log k) time with sorted keys')).toBe('n');
    expect(expectedComplexityClass('O(N · L · 26) neighbour checks')).toBe('n');
  });

  it('finds none when the only class said is of an alternative set aside', () => {
    expect(
      statedComplexity(
        'A map of sorted keys, better than comparing every pair, which is n squared.',
      ),
    ).toBeNull();
  });

  it('scores the complexity slot: the class asked about among those said, slower, an impossible sort', () => {
    const depth = (answer: string, expectedComplexity: string) =>
      codingRubric(answerFeatures(pairOf(answer), [], [], 'coding'), {
        expectedComplexity,
        askedAt: null,
        runs: [],
      }).technicalDepth;
    const perOperation = 'O(log n) per number added, O(1) per median';
    expect(depth('Adds are log n, and reading the median is O(1).', perOperation).score).toBe(90);
    expect(depth('Two loops over every pair, so n squared.', 'O(n) time').score).toBe(25);
    expect(depth('Nothing about speed here.', 'O(n) time').score).toBe(20);
    const sorted = depth(
      'I keep a list and sort it on every insert, which is O(log n).',
      perOperation,
    );
    expect(sorted.score).toBe(25);
    expect(sorted.explanation).toContain('a comparison sort takes O(n log n)');
  });
});

const at = (minutes: number) => Date.UTC(2026, 10, 24, 9, minutes);
const run = (
  mode: 'examples' | 'submit',
  minutes: number,
  verdicts: [boolean, string][],
  code = 'function twoSum() {}',
): CodingEvidence['runs'][number] => ({
  mode,
  verdict: verdicts.every(([, v]) => v === 'passed') ? 'passed' : 'failed',
  language: 'javascript',
  code,
  at: at(minutes),
  tests: verdicts.map(([hidden, verdict]) => ({ hidden, verdict })),
});

describe('the coding rubric and report section', () => {
  const evidence: CodingEvidence = {
    expectedComplexity: 'O(n) time, O(n) space',
    askedAt: at(0),
    runs: [
      run('examples', 3, [
        [false, 'passed'],
        [false, 'passed'],
      ]),
      run('submit', 5, [
        [false, 'passed'],
        [false, 'passed'],
        [true, 'failed'],
        [true, 'passed'],
      ]),
      run(
        'submit',
        9,
        [
          [false, 'passed'],
          [false, 'passed'],
          [true, 'passed'],
          [true, 'passed'],
        ],
        'function twoSum(final) {}',
      ),
    ],
  };
  const answer =
    'Okay, so I keep a map from each value to its index. For every number I look up the complement. The brute force is O of n squared, but this is O of n. An empty array or a single element just has no pair.';

  it('scores correctness on the final submission, complexity against the expected, edge cases on hidden tests and words', () => {
    const f = answerFeatures(
      {
        question: 'Two sum',
        answer,
        expectedAnswer: null,
        questionIndex: 1,
        confidence: null,
        mode: 'voice',
      },
      [],
      [],
      'coding',
    );
    const d = codingRubric(f, evidence);
    expect(d.accuracy.score).toBe(100);
    expect(d.accuracy.explanation).toContain('passed 4 of 4 tests');
    expect(d.accuracy.explanation).toContain('9 min after the question');
    expect(d.technicalDepth.score).toBe(90);
    expect(d.technicalDepth.evidence).toEqual([
      'The brute force is O of n squared, but this is O of n.',
    ]);
    expect(d.completeness.evidence[0]).toContain('empty array');
    expect(d.completeness.score).toBeGreaterThanOrEqual(85);
  });

  it('never credits what did not happen: no submission, no stated complexity', () => {
    const none: CodingEvidence = { ...evidence, runs: [evidence.runs[0]!] };
    const f = answerFeatures(
      {
        question: 'Two sum',
        answer: 'I used a map.',
        expectedAnswer: null,
        questionIndex: 1,
        confidence: null,
        mode: 'typed',
      },
      [],
      [],
      'coding',
    );
    const d = codingRubric(f, none);
    expect(d.accuracy.score).toBeLessThanOrEqual(35);
    expect(d.accuracy.explanation).toContain('No submission');
    expect(d.technicalDepth.score).toBe(20);
    expect(d.completeness.explanation).toContain('never run');
    // With no run at all, correctness is not measured: the approach said is scored, and says so.
    const spoken = codingRubric(f, { ...evidence, runs: [] });
    expect(spoken.accuracy.explanation).toContain('Correctness not measured');
    expect(spoken.accuracy.score).toBeLessThanOrEqual(25);
  });

  it('reports the final code, tests passed, time to first pass and the complexity said', () => {
    expect(codingReport(evidence, answer)).toEqual({
      language: 'javascript',
      finalCode: 'function twoSum(final) {}',
      verdict: 'passed',
      visible: { passed: 2, total: 2 },
      hidden: { passed: 2, total: 2 },
      runs: 3,
      submissions: 2,
      firstPassingAfterSeconds: 540,
      statedComplexity: 'O(n)',
      expectedComplexity: 'O(n) time, O(n) space',
      complexityMatches: true,
    });
  });
});
