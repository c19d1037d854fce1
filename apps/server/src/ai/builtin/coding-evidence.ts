import type { CodingReport } from '@candor/shared';
import { sentencesOf } from '@candor/shared';
import type { CodingEvidence } from '../report-input';

/**
 * What a coding question's report rests on (issue 16): the runs the server made, never a guess.
 * Complexity is read from the candidate's words ("O of n", "n log n", "linear time") and from the
 * set's expected complexity, both reduced to one growth class so they can be compared.
 */

export const COMPLEXITY_CLASSES = ['1', 'log n', 'n', 'n log n', 'n^2', 'n^3', '2^n'] as const;
export type ComplexityClass = (typeof COMPLEXITY_CLASSES)[number];

const LABELS: Record<ComplexityClass, string> = {
  '1': 'O(1)',
  'log n': 'O(log n)',
  n: 'O(n)',
  'n log n': 'O(n log n)',
  'n^2': 'O(n²)',
  'n^3': 'O(n³)',
  '2^n': 'O(2ⁿ)',
};

export const complexityLabel = (c: ComplexityClass) => LABELS[c];

/** The growth class inside "O(...)" or its spoken form; null when it is none of the usual ones. */
function classOf(inner: string): ComplexityClass | null {
  const s = inner
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/squared/g, '^2')
    .replace(/cubed/g, '^3')
    .replace(/[²]/g, '^2')
    .replace(/[³]/g, '^3')
    .replace(/\b(of|the|times|\*)\b|[*·×]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(1|one|constant)$/.test(s)) return '1';
  if (/^(log ?n|log)$/.test(s)) return 'log n';
  if (/^n ?log ?n$/.test(s)) return 'n log n';
  if (/^(n|linear)$/.test(s)) return 'n';
  if (/^n ?\^ ?2$|^n ?n$|^quadratic$/.test(s)) return 'n^2';
  if (/^n ?\^ ?3$|^cubic$/.test(s)) return 'n^3';
  if (/^2 ?\^ ?n$|^exponential$/.test(s)) return '2^n';
  return null;
}

const BIG_O =
  /\b(?:big[- ]?)?o\s*(?:\(\s*([^)]{1,24})\)|of\s+((?:n\s*log\s*n|log\s*n|n\s*squared|n\s*cubed|n\s*\^\s*\d|n|1|one|constant|2\s*\^\s*n)))/gi;
const SPOKEN =
  /\b(constant|logarithmic|linear|n log n|linearithmic|quadratic|cubic|exponential)(?: time| complexity| runtime)\b/gi;
/** Said bare, as people say them: "the sort dominates, n log n", "adds are log n". */
const BARE = /\b(n log n|log n|n squared|n cubed)\b/gi;
/** A growth word after a verb: "the pass is linear", "the median's constant". */
const SAID_AS =
  /\b(?:is|are|'s|stays|becomes|runs in)\s+(?:just |only |still |also )?(constant|logarithmic|linear|linearithmic|quadratic|cubic|exponential)\b/gi;
const SPACE_AFTER = /^\s*(?:extra |additional |auxiliary )?(?:space|memory)\b/i;
const SPOKEN_CLASS: Record<string, ComplexityClass | undefined> = {
  constant: '1',
  logarithmic: 'log n',
  linear: 'n',
  'n log n': 'n log n',
  linearithmic: 'n log n',
  quadratic: 'n^2',
  cubic: 'n^3',
  exponential: '2^n',
};

interface Stated {
  complexity: ComplexityClass;
  quote: string;
  /** Every class the same sentence states ("adds are log n, the median's constant"). */
  classes: ComplexityClass[];
  /** A sort said to beat O(n log n) ("sorting is O(log n)"): no comparison sort does. */
  impossibleSort: boolean;
}

/** The class is said of an alternative the candidate sets aside, not of their own solution. */
const SET_ASIDE =
  /\b(?:brute[- ]force|naive(?:ly)?|better than|instead of|rather than|compared (?:to|with)|versus|vs\.?)\b/i;
const SORTS = /\bsort(?:s|ed|ing)?\b/i;
const NON_COMPARISON = /\b(?:counting|radix|bucket)\b/i;
const BELOW_SORT: ComplexityClass[] = ['1', 'log n', 'n'];

/** Every time class the text states, in the order it states them, each with its sentence. */
function complexitiesStated(text: string): Stated[] {
  const out: Stated[] = [];
  for (const sentence of sentencesOf(text)) {
    const named = [
      ...[...sentence.matchAll(BIG_O)].map((m) => ({ m, c: classOf(m[1] ?? m[2] ?? '') })),
      ...[...sentence.matchAll(SPOKEN)].map((m) => ({ m, c: SPOKEN_CLASS[m[1]!.toLowerCase()] })),
      ...[...sentence.matchAll(SAID_AS)].map((m) => ({ m, c: SPOKEN_CLASS[m[1]!.toLowerCase()] })),
      ...[...sentence.matchAll(BARE)].map((m) => ({ m, c: classOf(m[1]!) })),
    ].sort((a, b) => a.m.index - b.m.index);
    let end = 0;
    const found: ComplexityClass[] = [];
    for (const { m, c } of named) {
      // One phrase is read once: "O(n log n)" is not also "log n", nor "linear time" twice.
      if (m.index < end) continue;
      // "The brute force is O of n squared, but this is O of n": the words since the last class
      // said tell whether this one is set aside.
      const before = sentence.slice(end, m.index);
      end = m.index + m[0].length;
      // "O(n) space" is memory, not the time asked about.
      const after = sentence.slice(end, end + 20);
      if (c && !SPACE_AFTER.test(after) && !SET_ASIDE.test(before)) found.push(c);
    }
    if (found.length === 0) continue;
    const quote = sentence.trim();
    const impossibleSort =
      SORTS.test(sentence) &&
      !NON_COMPARISON.test(sentence) &&
      found.every((c) => BELOW_SORT.includes(c));
    for (const c of found) out.push({ complexity: c, quote, classes: found, impossibleSort });
  }
  return out;
}

/**
 * The time complexity the candidate stated for their own solution, and the sentence they stated it
 * in. A candidate naming the brute force first ("brute force is O of n squared, but with a map it's
 * O of n") states their final answer last, so the last class wins when several are said; a class
 * said of an alternative set aside ("better than comparing every pair, which is n squared") is not
 * theirs.
 */
export function statedComplexity(answer: string): Stated | null {
  return complexitiesStated(answer).at(-1) ?? null;
}

/**
 * The time class of the set's expected complexity ("O(n) time, O(n) space" → n): the first one
 * it states, the main operation's ("O(log n) per number added, O(1) per median" → log n).
 */
export function expectedComplexityClass(expected: string): ComplexityClass | null {
  const first = complexitiesStated(expected)[0]?.complexity;
  if (first) return first;
  // "O(n k log k)", "O(N · L · 26)": the first variable is the input's size; the others (a word's
  // length, the alphabet) are bounded, so the class is read in the first alone.
  const inner = /\bO\s*\(([^)]{1,40})\)/i.exec(expected)?.[1]?.toLowerCase();
  const size = inner ? /[a-z]/.exec(inner.replace(/\blog\b/g, ''))?.[0] : undefined;
  if (!inner || !size) return null;
  const reduced = inner
    .replace(/\blog\s*([a-z])\b/g, (all, v: string) => (v === size ? 'log n' : ' '))
    .replace(/\b([a-z])\b(\s*(?:[²³]|\^\s*\d))?/g, (all, v: string, power?: string) =>
      v === size ? `n${power ?? ''}` : ' ',
    )
    .replace(/(?<!\^\s*)\b\d+\b|[·*×+]/g, ' ');
  return classOf(reduced);
}

const EDGE_WORDS =
  /\b(empty|edge cases?|corner cases?|single element|one element|duplicates?|negative|null|none|zero|overflow|boundary|off by one)\b/gi;

/** Sentences where the candidate names an edge case. */
export function edgeCaseQuotes(answer: string): string[] {
  return sentencesOf(answer).filter((s) => new RegExp(EDGE_WORDS.source, 'i').test(s));
}

/** The facts of one coding question's runs, as the report shows them. */
export function summariseRuns(evidence: CodingEvidence) {
  const submissions = evidence.runs.filter((r) => r.mode === 'submit');
  const final = submissions.at(-1) ?? null;
  const firstPass = submissions.find((r) => r.verdict === 'passed') ?? null;
  const count = (run: CodingEvidence['runs'][number] | null, hidden: boolean) => {
    const tests = run?.tests.filter((t) => t.hidden === hidden) ?? [];
    return { passed: tests.filter((t) => t.verdict === 'passed').length, total: tests.length };
  };
  const lastRun = evidence.runs.at(-1) ?? null;
  return {
    final,
    lastRun,
    submissions: submissions.length,
    runs: evidence.runs.length,
    visible: count(final, false),
    hidden: count(final, true),
    firstPassingAfterSeconds:
      firstPass && evidence.askedAt !== null
        ? Math.max(0, Math.round((firstPass.at - evidence.askedAt) / 1000))
        : null,
  };
}

/** The report's coding section of one question: facts only, from the runs and the answer. */
export function codingReport(evidence: CodingEvidence, answer: string): CodingReport {
  const s = summariseRuns(evidence);
  const shown = s.final ?? s.lastRun;
  const stated = statedComplexity(answer);
  const expected = expectedComplexityClass(evidence.expectedComplexity);
  return {
    language: shown?.language ?? null,
    finalCode: shown?.code ?? null,
    verdict: s.final?.verdict ?? null,
    visible: s.visible,
    hidden: s.hidden,
    runs: s.runs,
    submissions: s.submissions,
    firstPassingAfterSeconds: s.firstPassingAfterSeconds,
    statedComplexity: stated ? complexityLabel(stated.complexity) : null,
    expectedComplexity: evidence.expectedComplexity,
    complexityMatches: stated && expected ? stated.complexity === expected : null,
  };
}
