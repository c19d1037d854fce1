import type { QaPair } from '../report-input';
import { shareOnReference } from './meaning';
import { analyse, type Analysis } from './nlp';

/**
 * One answer given to several questions of the same attempt (issue 28: a topic set on SQL and Spark
 * answered every time with the same story about indexes and partitioning). Each question asks
 * something else, so the same words answer one of them at most: the one they fit best, read as
 * relevance reads an answer against a question (its words, and its expected answer when it has
 * one). The others did not get an answer of their own.
 */

export type AttemptPair = Pick<QaPair, 'question' | 'answer' | 'expectedAnswer' | 'keyPoints'>;

/** Share of the content words two answers have in common for them to be the same answer. */
const SAME_ANSWER = 0.8;
/** Fewer content words than this and two answers may agree by chance ("Yes, a B-tree index."). */
const MIN_CONTENT = 12;

function contentOf(a: Analysis): Set<string> {
  return new Set(
    a.tokens.filter((t) => t.weight >= 0.6 && !t.expansion && !t.stop).map((t) => t.concept),
  );
}

function overlap(x: Set<string>, y: Set<string>): number {
  let both = 0;
  for (const c of x) if (y.has(c)) both++;
  return both / Math.max(1, x.size + y.size - both);
}

/** How well an answer fits a question: the share of what it talks about that the question does. */
function fit(answer: Analysis, pair: AttemptPair): number {
  return shareOnReference(answer, analyse([pair.question, pair.expectedAnswer ?? ''].join('. ')));
}

/**
 * The earlier or better-fitting question that got the same answer as `pair`, with its number in
 * the attempt (from 1); null when the answer is its own, or fits this question best.
 */
export function sameAnswerElsewhere(
  pair: AttemptPair,
  attempt: readonly AttemptPair[],
): { number: number; question: string } | null {
  if (attempt.length < 2 || pair.answer.trim() === '') return null;
  // The pair itself, or (a copy of it) the first with its question and answer.
  const itself = attempt.indexOf(pair);
  const here =
    itself !== -1
      ? itself
      : attempt.findIndex((p) => p.question === pair.question && p.answer === pair.answer);
  const answer = analyse(pair.answer);
  const words = contentOf(answer);
  if (here === -1 || words.size < MIN_CONTENT) return null;
  const same = attempt
    .map((p, i) => ({ p, i }))
    .filter(
      ({ p, i }) =>
        i === here ||
        (p.answer.trim() !== '' && overlap(words, contentOf(analyse(p.answer))) >= SAME_ANSWER),
    );
  if (same.length < 2) return null;
  // The question it fits best keeps it; on a tie, the first asked (it was said there first).
  let best = same[0]!;
  let bestFit = fit(answer, best.p);
  for (const s of same.slice(1)) {
    const f = fit(answer, s.p);
    if (f > bestFit) [best, bestFit] = [s, f];
  }
  return best.i === here ? null : { number: best.i + 1, question: best.p.question };
}
