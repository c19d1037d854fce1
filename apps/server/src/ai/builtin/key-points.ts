import type { KeyPoint } from '@candor/shared';
import { HEDGES } from './lexicon';
import { bestCloseness, sentenceOf } from './meaning';
import {
  analyse,
  mentions,
  answerClauses,
  vocabularyOf,
  WORDLIKE,
  type Analysis,
  type Token,
  type Vocabulary,
} from './nlp';

/**
 * Key points: the claims a strong answer makes, and which of them an answer covers. Explicit key
 * points (written by an administrator) are used as they are; otherwise the expected answer is split
 * into its sentences, and a long sentence into its clauses only when every piece is a claim of its
 * own, so a point is never a fragment such as "with stateless requests and representations".
 */

const MAX_POINTS = 8;
/** A piece that opens with one of these leans on the sentence before it. */
const DEPENDENT_OPENING =
  /^(with|and|or|but|such|for|which|that|including|so|because|while|whereas|as|to|by|of|in|on|at|from|e\.g\.|i\.e\.|like|plus|then|than|especially|usually|often|sometimes)\b/i;

const content = (a: Analysis) => a.tokens.filter((t) => t.weight >= 0.6);
const trim = (p: string) => p.replace(/^[\s,.;:–—-]+|[\s,.;:–—-]+$/g, '');

/** True when the piece says something on its own: a verb, a few content words, no dependent opening. */
function isClaim(piece: string): boolean {
  const text = trim(piece);
  if (DEPENDENT_OPENING.test(text)) return false;
  const a = analyse(text);
  const hasVerb = a.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  return hasVerb && content(a).length >= 3;
}

function splitLong(sentence: string): string[] {
  if (content(analyse(sentence)).length <= 14) return [sentence];
  for (const separator of [/;\s+/, /:\s+/, /,\s+(?:and\s+|or\s+)?/]) {
    const pieces = sentence.split(separator).map(trim).filter(Boolean);
    if (pieces.length > 1 && pieces.every(isClaim)) return pieces;
  }
  return [sentence];
}

/** The fallback: key points split from an expected answer. */
export function keyPointsOf(expected: string): string[] {
  const sentences = expected
    .split(/\n+|\s*[•*]\s+|\s+-\s+/)
    .flatMap((line) => answerClauses(line))
    .flatMap(splitLong)
    .map(trim)
    .filter((p) => content(analyse(p)).length >= 1);
  const merged: string[] = [];
  for (const p of sentences) {
    const last = merged.at(-1);
    if (content(analyse(p)).length < 2 && last !== undefined)
      merged[merged.length - 1] = `${last}, ${p}`;
    else merged.push(p);
  }
  return merged.slice(0, MAX_POINTS);
}

/** The key points a question is judged on: the explicit ones, or the expected answer split. */
export function pointsFor(pair: { keyPoints?: string[]; expectedAnswer: string | null }): string[] {
  if (pair.keyPoints && pair.keyPoints.length > 0) return pair.keyPoints;
  return pair.expectedAnswer ? keyPointsOf(pair.expectedAnswer) : [];
}

interface PointMatch {
  ratio: number;
  /** Words that say something (not generic ones) the point has, and how many the answer said. */
  significant: number;
  matched: number;
  /** Nouns, names, numbers and terms: the point has `anchors`, the answer said `anchorHits`. */
  anchors: number;
  anchorHits: number;
  /** The point's verbs, and how many the answer said or meant: what a story point says was done. */
  verbs: number;
  verbHits: number;
  /** The sentence (or two in a row) that says most of it: the evidence. */
  sentence: number[] | null;
}

/**
 * Words the question already says ("join", "left", "table" in a question on joins) are given to
 * every answer that repeats the question: they count for little in a key point, so echoing the
 * question covers nothing. A point made only of the question's words keeps its weights.
 */
const ECHO_WEIGHT = 0.3;

function pointConcepts(point: Token[], question: Vocabulary | null): Map<string, Token> {
  const concepts = new Map<string, Token>();
  for (const t of point) {
    // An abbreviation stands for its words: matched as itself or as them, counted once.
    if (t.weight <= 0 || t.expansion) continue;
    const seen = concepts.get(t.concept);
    if (!seen || seen.weight < t.weight) concepts.set(t.concept, t);
  }
  if (!question) return concepts;
  const reduced = new Map(
    [...concepts].map(([c, t]) => [
      c,
      mentions(question, t) ? { ...t, weight: t.weight * ECHO_WEIGHT } : t,
    ]),
  );
  return [...reduced.values()].some((t) => t.weight >= 0.6) ? reduced : concepts;
}

/** How the point fares against one sentence of the answer: each of its words said, or meant. */
function matchSentence(concepts: Token[], sentence: Analysis): Omit<PointMatch, 'sentence'> {
  const words = sentence.tokens.filter((t) => WORDLIKE.test(t.text));
  let total = 0;
  let weight = 0;
  let significant = 0;
  let matched = 0;
  let anchors = 0;
  let anchorHits = 0;
  let verbs = 0;
  let verbHits = 0;
  for (const t of concepts) {
    const credit = bestCloseness(t, words, sentence);
    if (t.pos === 'VERB' && t.weight >= 0.6) {
      verbs++;
      if (credit >= 0.5) verbHits++;
    }
    total += t.weight;
    weight += t.weight * credit;
    if (t.weight >= 0.6) {
      significant++;
      if (credit >= 0.5) matched++;
    }
    if (t.weight >= 1) {
      anchors++;
      if (credit >= 0.5) anchorHits++;
    }
  }
  return {
    ratio: total === 0 ? 0 : weight / total,
    significant,
    matched,
    anchors,
    anchorHits,
    verbs,
    verbHits,
  };
}

/**
 * A point is matched against each sentence of the answer, and against each two sentences in a row
 * (a claim and its "because…"), never against words scattered through the whole answer: the
 * sentence that says it is the evidence, so the evidence always holds the point or its meaning.
 */
function matchPoint(point: Token[], answer: Analysis, question: Vocabulary | null): PointMatch {
  const concepts = [...pointConcepts(point, question).values()];
  let best: PointMatch = {
    ratio: 0,
    significant: concepts.filter((t) => t.weight >= 0.6).length,
    matched: 0,
    anchors: concepts.filter((t) => t.weight >= 1).length,
    anchorHits: 0,
    verbs: 0,
    verbHits: 0,
    sentence: null,
  };
  const rank = (m: Omit<PointMatch, 'sentence'>) => m.ratio + 0.01 * m.anchorHits;
  const singles = answer.sentences.map((_, i) => sentenceOf(answer, i));
  singles.forEach((one, i) => {
    const m = matchSentence(concepts, one);
    if (rank(m) > rank(best)) best = { ...m, sentence: [i] };
  });
  // Two sentences must say clearly more than the best single one.
  const single = rank(best);
  for (let i = 0; i + 1 < singles.length; i++) {
    const [one, next] = [singles[i]!, singles[i + 1]!];
    const m = matchSentence(concepts, {
      text: `${one.text} ${next.text}`,
      tokens: [...one.tokens, ...next.tokens],
      sentences: [one.text, next.text],
      words: one.words + next.words,
    });
    if (rank(m) > single + 0.1 && rank(m) > rank(best)) best = { ...m, sentence: [i, i + 1] };
  }
  return best;
}

/**
 * Covered: most of the point's weight, at least two of its meaningful words (one if it has one)
 * and one of its anchors (a noun, name, number or term) when it has any; long points need five.
 * Partly covered: an anchor and a third of the weight. A story's point may be covered by its
 * actions instead (`byActions`).
 */
function coverageOf(m: PointMatch, byActions: boolean): 'covered' | 'partial' | 'missed' {
  // A story point says what was done ("Listened to understand the other view"): a sentence that
  // does each of its actions, in its own words, covers it whatever it calls the other's view.
  if (byActions && m.verbs >= 2 && m.verbHits === m.verbs && m.ratio >= 0.4) return 'covered';
  const anchored = m.anchorHits >= Math.min(1, m.anchors);
  const enough = m.matched >= Math.min(2, m.significant) && anchored && m.matched > 0;
  if (enough && (m.ratio >= 0.5 || m.matched >= 5)) return 'covered';
  if (anchored && m.matched > 0 && m.ratio >= 0.3) return 'partial';
  return 'missed';
}

/**
 * Each key point covered, partly covered (said in part, or hedged) or missed, with the words.
 * With the question, words the answer only repeats from it count for little.
 */
export function coverKeyPoints(
  points: string[],
  answer: string,
  question?: string,
  options: { byActions?: boolean } = {},
): KeyPoint[] {
  const a = analyse(answer);
  const q = question ? vocabularyOf(analyse(question)) : null;
  return points.map((point) => {
    const m = matchPoint(analyse(point).tokens, a, q);
    let coverage = coverageOf(m, options.byActions === true);
    const evidence =
      coverage !== 'missed' && m.sentence !== null
        ? m.sentence.map((i) => a.sentences[i]!).join(' ')
        : null;
    // No quote, no credit: a point is covered only by words of the answer that say it.
    if (evidence === null) coverage = 'missed';
    let note: string | null = null;
    if (coverage === 'partial') note = 'Mentioned only in part.';
    const hedge = evidence ? HEDGES.exec(evidence) : null;
    if (coverage === 'covered' && hedge) {
      coverage = 'partial';
      note = `Said with a hedge ('${hedge[0]}'), so it counts only in part.`;
    }
    return { point, covered: coverage === 'covered', coverage, evidence, note };
  });
}

/** Share of the key points covered, a partly covered one counting half; null without points. */
export function coverageShare(points: readonly KeyPoint[]): number | null {
  if (points.length === 0) return null;
  const value = (k: KeyPoint) =>
    k.coverage === 'covered' ? 1 : k.coverage === 'partial' ? 0.5 : 0;
  return points.reduce((n, k) => n + value(k), 0) / points.length;
}
