import { analyseAnswer, type AnswerSpeech, type KeyPoint, type QuestionKind } from '@candor/shared';
import type { QaPair } from '../report-input';
import type { BankTopic } from './bank';
import { coverageShare, coverKeyPoints, pointsFor } from './key-points';
import { coverStoryPoints } from './story-points';
import { DEFLECTIONS, HEDGES_ALL, ORDINARY_WORDS, VAGUE } from './lexicon';
import { analyse, containsTerm, mentions, termTokens, vocabularyOf, type Analysis } from './nlp';
import { relevanceOf, type Relevance } from './relevance';
import { frequencyRank } from './embeddings';

export type { Relevance };

/**
 * Measurable features of one answer, shared by every rubric: what it covers, how relevant it is
 * to the question, the topic's terms it uses, how it is built and how it was spoken.
 */

export interface AnswerFeatures {
  analysis: Analysis;
  words: number;
  sentences: string[];
  keyPoints: KeyPoint[];
  /** Share of key points covered (partly covered counts half); null without key points. */
  coverage: number | null;
  relevance: Relevance;
  /** Terms of the set's topics the answer uses (everyday words only when the question asks them). */
  vocabHits: string[];
  /**
   * Other words that are plainly technical, whatever the topic: acronyms, names of tools, terms
   * with dots, slashes or inner capitals ("TLS", "Cache-Control", "Terraform", "useEffect").
   */
  techTerms: string[];
  /** Explanations: "because", "which means", "so that". */
  reasons: number;
  structure: number;
  examples: number;
  numbers: number;
  hedges: number;
  /** Hand-offs instead of an answer: "I'd have to look it up", "the platform team handles that". */
  deflections: number;
  tradeOffs: number;
  /**
   * Substance: the distinct things the answer says that the question did not (content words,
   * synonyms as one), and how many of those are specific (rare in English: "mutex", "preempts",
   * "idempotent"). Without an expected answer this is the surest measure of how much was said:
   * padding, fillers and repeating the question add nothing to it.
   */
  ideas: string[];
  specific: string[];
  /** Vague words ("just", "really", "stuff", "always"): see VAGUE. */
  vague: number;
  speech: AnswerSpeech;
}

export const STRUCTURE =
  /\b(first(ly)?|second(ly)?|third(ly)?|then|next|finally|because|therefore|so that|however|on the other hand|in summary|to summari[sz]e|overall|whereas|instead|which means|that'?s why)\b/g;
export const EXAMPLE =
  /\b(for example|for instance|such as|e\.g\.|say you|imagine|in my (last|previous|current) (project|job|role|team|company)|at my (last|previous|current)|at work|we (built|used|had|migrated|moved|added|chose|ran)|i (built|used|implemented|wrote|designed|led|fixed|migrated|added|ran|profiled|measured))\b/g;
const REASON = /\b(because|which means|so that|that'?s why|since|this means|the reason)\b/g;
const TRADE_OFF =
  /\b(trade-?offs?|downside|drawback|cost of|costs?|at the expense|on the other hand|but|whereas|while|instead|pitfall|gotcha|catch is|risk)\b/g;

export function countMatches(text: string, pattern: RegExp): number {
  return (text.toLowerCase().match(pattern) ?? []).length;
}

/** Distinct technical-looking words of the answer that the question does not already say. */
function technicalTerms(a: Analysis, question: Analysis, vocabHits: string[]): string[] {
  const given = vocabularyOf(question);
  const counted = new Set(vocabHits.map((v) => v.toLowerCase()));
  const out = new Map<string, string>();
  a.tokens.forEach((t, i) => {
    const sentenceStart = i === 0 || a.tokens[i - 1]!.sentence !== t.sentence;
    const shaped = t.weight >= 1.5 && t.pos !== 'NUM' && !/^\d+$/.test(t.text);
    const named = t.pos === 'PROPN' && !sentenceStart && t.text.length > 1;
    if (!(shaped || named) || mentions(given, t) || counted.has(t.lower)) return;
    if (!out.has(t.concept)) out.set(t.concept, t.text);
  });
  return [...out.values()].slice(0, 20);
}

/** Past this place in the vectors' frequency order (or absent from it), a word is specific. */
const SPECIFIC_RANK = 5000;

function substance(a: Analysis, question: Analysis): { ideas: string[]; specific: string[] } {
  // What an abbreviation of the question stands for is not given: saying it ("atomicity, …",
  // asked about ACID) is part of an answer.
  const given = vocabularyOf({ ...question, tokens: question.tokens.filter((t) => !t.expansion) });
  const ideas = new Map<string, string>();
  const specific = new Map<string, string>();
  for (const t of a.tokens) {
    if (t.stop || t.expansion || t.weight < 1 || mentions(given, t)) continue;
    if (ideas.has(t.concept)) continue;
    ideas.set(t.concept, t.text);
    const rank = frequencyRank(t.lower);
    if (rank === null || rank > SPECIFIC_RANK) specific.set(t.concept, t.text);
  }
  return { ideas: [...ideas.values()], specific: [...specific.values()] };
}

/**
 * Whether the answer uses a topic term as a term of the field. Everyday English words that some
 * topic also uses ("let", "set", "key", "state") never count: saying "let me think" is not
 * vocabulary. Nor does a term the question itself says: repeating the question is not depth.
 */
function usesTerm(a: Analysis, term: string, question: Analysis): boolean {
  const parts = termTokens(term).filter((t) => t.weight > 0);
  if (parts.length === 0) return false;
  if (parts.length === 1 && ORDINARY_WORDS.has(parts[0]!.lemma)) return false;
  if (containsTerm(question, term)) return false;
  return containsTerm(a, term);
}

/** The key points of a question, covered or not by the answer; a story's by what it tells. */
export function keyPointsFor(pair: QaPair, kind: QuestionKind): KeyPoint[] {
  const points = pointsFor(pair);
  if (points.length === 0) return [];
  return kind === 'behavioural'
    ? coverStoryPoints(points, pair.answer, pair.question)
    : coverKeyPoints(points, pair.answer, pair.question);
}

export function answerFeatures(
  pair: QaPair,
  vocabulary: readonly string[],
  topics: readonly BankTopic[],
  kind: QuestionKind = 'technical',
): AnswerFeatures {
  const text = pair.answer;
  const a = analyse(text);
  const lower = text.toLowerCase();
  const keyPoints = keyPointsFor(pair, kind);
  const coverage = coverageShare(keyPoints);
  const relevance = relevanceOf({
    question: pair.question,
    answer: a,
    kind,
    topics,
    expectedAnswer: pair.expectedAnswer,
    keyPoints,
  });
  // Covering the expected key points is the surest sign of answering the question asked.
  if (coverage !== null) relevance.score = Math.max(relevance.score, Math.min(1, coverage * 1.6));
  const question = analyse(pair.question);
  const vocabHits = [...new Set(vocabulary)]
    .filter((term) => usesTerm(a, term, question))
    .slice(0, 20);
  return {
    analysis: a,
    words: a.words,
    sentences: a.sentences,
    keyPoints,
    coverage,
    relevance,
    vocabHits,
    techTerms: technicalTerms(a, question, vocabHits),
    ...substance(a, question),
    reasons: countMatches(lower, REASON),
    structure: countMatches(lower, STRUCTURE),
    examples: countMatches(lower, EXAMPLE),
    numbers: (text.match(/\b\d+(\.\d+)?\b/g) ?? []).length,
    hedges: countMatches(lower, HEDGES_ALL),
    vague: countMatches(lower, VAGUE),
    deflections: countMatches(lower, DEFLECTIONS),
    tradeOffs: countMatches(lower, TRADE_OFF),
    speech: analyseAnswer({
      text,
      startedAt: pair.startedAt,
      endedAt: pair.endedAt,
      segments: pair.segments,
    }),
  };
}
