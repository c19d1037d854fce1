import type { KeyPoint } from '@candor/shared';
import type { QaPair } from '../report-input';
import { bankNeighbours, type BankTopic } from './bank';
import { coverageShare, coverKeyPoints, pointsFor } from './key-points';
import { analyse, mentions, vocabularyOf } from './nlp';

/**
 * An answer to a neighbouring question (issue 28): asked how to invalidate a cache, the candidate
 * explains how to prevent a stampede. Words alone cannot tell: both share the topic's vocabulary.
 * A neighbour's answer key can: the answer covers its points, not the asked one's. The neighbours
 * are the questions the candidate could have been answering instead: the other questions of the
 * attempt that have an answer key (a catalogue set's), and the other questions of the bank topic a
 * bank question comes from (decision 051).
 * Round 7 (decision 051) counted key points said in full: two more of a neighbour's than of the
 * asked question's, under a third of the asked one's, and (after bank part 2) more of the words only
 * the neighbour's question names. Key points said in other words go unmatched, so those counts
 * missed answers that covered a neighbour almost whole, and the words guard missed answers that
 * echo the asked question's words while explaining the other one.
 * Round 8 (decision 053) compares shares, a point said in part counting half as the report counts
 * it: the neighbour's share must be 0.3 above the asked question's, with two of its points said in
 * full, while at most half of the asked question's is said. An excellent answer whose points are
 * said in other words still says part of them (bank part 2's Terraform answer: 0.50 of its own
 * against 0.58 of the neighbour's), and so keeps its credit. Over the three spent bank parts, good
 * answers reach a gap of 0.15 at most; answers to the neighbour 0.3 and more.
 */

/** Key points of the neighbour said in full, at least… */
const NEIGHBOUR_POINTS = 2;
/** …its share this much above the asked question's… */
const MARGIN = 0.3;
/** …while at most this share of the asked question's was said. */
const ATTEMPTED = 0.5;
/**
 * Only the neighbours whose key points share the most words with the answer are read point by
 * point: a 40-question set answered off-topic throughout took 11.7 s to report with every
 * neighbour read, against 2.4 s without the check (the bank topics have 7 neighbours each).
 */
const CLOSEST = 4;

export type Neighbour = Pick<QaPair, 'question' | 'expectedAnswer' | 'keyPoints'>;

export interface AnotherQuestion {
  question: string;
  /** Key points of that question the answer covered in full, and how many it has. */
  covered: number;
  of: number;
}

const full = (points: readonly KeyPoint[]) => points.filter((k) => k.coverage === 'covered').length;

/** The neighbour the answer answers instead of the asked question, or null. */
export function answersAnotherQuestion(
  pair: QaPair,
  covered: readonly KeyPoint[],
  attempt: readonly Neighbour[] = [],
  setTopics: readonly BankTopic[] = [],
): AnotherQuestion | null {
  if (covered.length === 0 || pair.answer.trim() === '') return null;
  const own = coverageShare(covered)!;
  if (own > ATTEMPTED) return null;
  const neighbours: Neighbour[] = [
    ...attempt.filter((p) => p.question !== pair.question && p.expectedAnswer),
    ...bankNeighbours(pair.question, setTopics),
  ].filter((n, i, all) => all.findIndex((m) => m.question === n.question) === i);
  const answer = analyse(pair.answer);
  const said = vocabularyOf(answer);
  const shared = (points: string[]) =>
    new Set(
      analyse(points.join('. '))
        .tokens.filter((t) => t.weight >= 1 && !t.stop && mentions(said, t))
        .map((t) => t.concept),
    ).size;
  const closest = neighbours
    .map((n) => ({ n, points: pointsFor(n) }))
    .filter((c) => c.points.length > 0)
    .map((c) => ({ ...c, shared: shared(c.points) }))
    .sort((a, b) => b.shared - a.shared)
    .slice(0, CLOSEST);
  let best: (AnotherQuestion & { share: number }) | null = null;
  for (const { n, points } of closest) {
    const theirs = coverKeyPoints(points, pair.answer, n.question);
    const said = full(theirs);
    const share = coverageShare(theirs)!;
    if (said < NEIGHBOUR_POINTS || share < own + MARGIN || (best && share <= best.share)) continue;
    best = { question: n.question, covered: said, of: points.length, share };
  }
  return best && { question: best.question, covered: best.covered, of: best.of };
}
