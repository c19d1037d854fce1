import {
  analyseAnswer,
  type AnswerSpeech,
  type DimensionScore,
  type KeyPoint,
} from '@candor/shared';
import type { QaPair } from '../report-input';
import {
  clamp,
  containsPhrase,
  contentStems,
  countMatches,
  normalise,
  sentences,
  tokens,
  truncate,
} from './text';

/**
 * The builtin evaluator of one answer: four dimension scores from measurable features, each
 * explained in words and resting on quoted parts of the answer. Deterministic by construction.
 */

const STRUCTURE =
  /\b(first(ly)?|second(ly)?|third(ly)?|then|next|finally|because|therefore|so that|however|on the other hand|in summary|to summari[sz]e|overall|trade-?offs?|whereas|instead)\b/g;
const EXAMPLE =
  /\b(for example|for instance|such as|e\.g\.|in my (last|previous|current) (project|job|role|team|company)|at my (last|previous|current)|we (built|used|had|migrated|moved|added|chose)|i (built|used|implemented|wrote|designed|led|fixed|migrated|added))\b/g;
const HEDGE =
  /\b(i think|maybe|probably|not sure|i guess|perhaps|i don'?t know|i'?m not sure|might be|i believe|kind of|sort of)\b/g;

export interface AnswerFeatures {
  words: number;
  sentences: string[];
  coverage: number | null;
  keyPoints: KeyPoint[];
  relevance: number;
  vocabHits: string[];
  structure: number;
  examples: number;
  numbers: number;
  hedges: number;
  speech: AnswerSpeech;
}

export interface AnswerEvaluation {
  dimensions: {
    accuracy: DimensionScore;
    completeness: DimensionScore;
    technicalDepth: DimensionScore;
    clarity: DimensionScore;
  };
  keyPoints: KeyPoint[];
  comment: string;
  tags: string[];
  features: AnswerFeatures;
}

/**
 * Splits an expected answer into its key points: its sentences (and bullet lines); a long sentence
 * that lists several things is split at its commas when each item still says something on its own.
 * Fragments too small to be a point join the point before them.
 */
export function keyPointsOf(expected: string): string[] {
  const trim = (p: string) => p.replace(/^[\s,.;:-]+|[\s,.;:]+$/g, '');
  const parts = expected
    .split(/(?<=[.!?;])\s+|\n+|\s*[•*]\s+|\s+-\s+/)
    .flatMap((sentence) => {
      if (contentStems(sentence).length <= 12) return [sentence];
      const items = sentence.split(/,\s+(?:and\s+|or\s+)?/);
      return items.length > 1 && items.every((i) => contentStems(i).length >= 3)
        ? items
        : [sentence];
    })
    .map(trim)
    .filter((p) => contentStems(p).length >= 1);
  const merged: string[] = [];
  for (const p of parts) {
    const last = merged.at(-1);
    if (contentStems(p).length < 2 && last !== undefined)
      merged[merged.length - 1] = `${last}, ${p}`;
    else merged.push(p);
  }
  return merged.slice(0, 8);
}

function overlap(point: string[], answer: Set<string>): number {
  if (point.length === 0) return 0;
  return point.filter((s) => answer.has(s)).length / point.length;
}

/** The sentence of the answer that shares most content words with `text`, or null. */
function bestSentence(answerSentences: string[], text: string): string | null {
  const target = new Set(contentStems(text));
  let best: { s: string; n: number } | null = null;
  for (const s of answerSentences) {
    const n = contentStems(s).filter((w) => target.has(w)).length;
    if (n > 0 && (!best || n > best.n)) best = { s, n };
  }
  return best ? truncate(best.s) : null;
}

export function coverKeyPoints(expected: string, answer: string): KeyPoint[] {
  const answerStems = new Set(contentStems(answer));
  const answerSentences = sentences(answer);
  return keyPointsOf(expected).map((point) => {
    const stems = [...new Set(contentStems(point))];
    const matched = stems.filter((s) => answerStems.has(s)).length;
    // About half the point's words; long points need no more than five, short ones at least two.
    const needed = Math.min(5, Math.max(stems.length < 2 ? 1 : 2, Math.ceil(stems.length * 0.45)));
    const covered = matched >= needed;
    return { point, covered, evidence: covered ? bestSentence(answerSentences, point) : null };
  });
}

export function answerFeatures(pair: QaPair, vocabulary: readonly string[]): AnswerFeatures {
  const text = pair.answer;
  const lower = normalise(text);
  const keyPoints = pair.expectedAnswer ? coverKeyPoints(pair.expectedAnswer, text) : [];
  const questionStems = [...new Set(contentStems(pair.question))];
  const answerStems = new Set(contentStems(text));
  const vocab = [...new Set([...vocabulary])];
  return {
    words: tokens(text).length,
    sentences: sentences(text),
    coverage:
      keyPoints.length > 0 ? keyPoints.filter((k) => k.covered).length / keyPoints.length : null,
    keyPoints,
    relevance: overlap(questionStems, answerStems),
    vocabHits: vocab.filter((term) => containsPhrase(text, term)).slice(0, 20),
    structure: countMatches(lower, STRUCTURE),
    examples: countMatches(text, EXAMPLE),
    numbers: (text.match(/\b\d+(\.\d+)?\b/g) ?? []).length,
    hedges: countMatches(lower, HEDGE),
    speech: analyseAnswer({
      text,
      startedAt: pair.startedAt,
      endedAt: pair.endedAt,
      segments: pair.segments,
    }),
  };
}

const quoteList = (items: string[]) => items.map((i) => `'${i}'`).join(', ');

/** Sentences of the answer that use any of the terms, best first. */
function sentencesWith(f: AnswerFeatures, terms: string[], max = 2): string[] {
  return f.sentences
    .map((s) => ({ s, n: terms.filter((t) => containsPhrase(s, t)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, max)
    .map((x) => truncate(x.s));
}

function firstSentence(f: AnswerFeatures): string[] {
  return f.sentences.length > 0 ? [truncate(f.sentences[0]!)] : [];
}

function accuracy(f: AnswerFeatures): DimensionScore {
  const hedgePenalty = Math.min(15, f.hedges * 4);
  if (f.coverage !== null) {
    const covered = f.keyPoints.filter((k) => k.covered);
    const missed = f.keyPoints.filter((k) => !k.covered);
    const score = clamp(30 + 60 * f.coverage + Math.min(10, 2 * f.vocabHits.length) - hedgePenalty);
    const parts = [
      `Matched ${covered.length} of ${f.keyPoints.length} key points of the expected answer.`,
    ];
    if (missed.length > 0) parts.push(`Not mentioned: ${quoteList(missed.map((k) => k.point))}.`);
    if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened the answer.`);
    const evidence = covered.map((k) => k.evidence).filter((e): e is string => e !== null);
    return {
      score,
      explanation: parts.join(' '),
      evidence: evidence.length > 0 ? [...new Set(evidence)].slice(0, 3) : firstSentence(f),
    };
  }
  const score = clamp(
    35 + 40 * Math.min(1, f.relevance * 1.5) + Math.min(20, 4 * f.vocabHits.length) - hedgePenalty,
  );
  const parts = [
    `The answer addresses ${Math.round(f.relevance * 100)}% of the question's key terms and uses ${f.vocabHits.length} term(s) of the topic${f.vocabHits.length > 0 ? ` (${f.vocabHits.slice(0, 5).join(', ')})` : ''}.`,
  ];
  if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened the answer.`);
  const evidence = sentencesWith(f, f.vocabHits);
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? evidence : firstSentence(f),
  };
}

function lengthScore(words: number): number {
  if (words < 15) return 25;
  if (words < 40) return 45;
  if (words < 80) return 65;
  if (words < 160) return 80;
  return 88;
}

function completeness(f: AnswerFeatures): DimensionScore {
  if (f.coverage !== null) {
    const covered = f.keyPoints.filter((k) => k.covered).length;
    const score = clamp(20 + 75 * f.coverage + (f.words >= 40 ? 5 : 0));
    const evidence = f.keyPoints.map((k) => k.evidence).filter((e): e is string => e !== null);
    return {
      score,
      explanation: `Covered ${covered} of ${f.keyPoints.length} expected key points in ${f.words} words.`,
      evidence: evidence.length > 0 ? [...new Set(evidence)].slice(0, 3) : firstSentence(f),
    };
  }
  const score = clamp(lengthScore(f.words) + Math.min(10, 3 * f.structure));
  const detail =
    f.words < 40
      ? 'a short answer that leaves most of the question open'
      : f.words < 80
        ? 'a reasonable answer that could go further'
        : 'a full answer';
  return {
    score,
    explanation: `${f.words} words across ${f.sentences.length} sentence(s): ${detail}.`,
    evidence: f.sentences.length > 1 ? [truncate(f.sentences.at(-1)!)] : firstSentence(f),
  };
}

function technicalDepth(f: AnswerFeatures): DimensionScore {
  const score = clamp(
    25 +
      Math.min(45, 9 * f.vocabHits.length) +
      Math.min(15, 5 * f.examples) +
      (f.numbers > 0 ? 5 : 0) +
      (f.coverage !== null ? 10 * f.coverage : 0),
  );
  const parts = [
    f.vocabHits.length > 0
      ? `Used ${f.vocabHits.length} technical term(s): ${f.vocabHits.slice(0, 6).join(', ')}.`
      : 'Used no specific technical terms of the topic.',
    f.examples > 0
      ? `Gave ${f.examples} concrete example(s).`
      : 'Gave no concrete example from experience.',
  ];
  const exampleSentences = f.sentences.filter((s) => countMatches(s, EXAMPLE) > 0);
  const evidence = [
    ...sentencesWith(f, f.vocabHits, 1),
    ...exampleSentences.slice(0, 1).map((s) => truncate(s)),
  ];
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? [...new Set(evidence)] : firstSentence(f),
  };
}

function clarity(f: AnswerFeatures): DimensionScore {
  const wpm = f.speech.wordsPerMinute;
  const avgSentence = f.sentences.length > 0 ? f.words / f.sentences.length : f.words;
  let score =
    60 +
    Math.min(20, 5 * f.structure) -
    Math.min(25, f.speech.fillerRate * 2.5) -
    (f.words < 10 ? 20 : 0) -
    (f.words > 350 ? 10 : 0) +
    (avgSentence >= 6 && avgSentence <= 30 ? 10 : 0);
  const parts = [
    f.structure > 0
      ? `Signposted the answer with ${f.structure} structure marker(s) (first, because, finally…).`
      : 'No signposting (first, because, finally…) to guide the listener.',
  ];
  if (f.speech.fillerCount > 0) {
    parts.push(
      `${f.speech.fillerCount} filler word(s): ${f.speech.fillerWords.map((x) => `${x.word} ×${x.count}`).join(', ')}.`,
    );
  }
  if (wpm !== null) {
    if (wpm < 90 || wpm > 190) score -= 10;
    parts.push(
      `Spoke at ${wpm} words per minute${wpm < 90 ? ' (slow)' : wpm > 190 ? ' (fast)' : ''}.`,
    );
  }
  const structured = f.sentences.filter((s) => countMatches(normalise(s), STRUCTURE) > 0);
  const fillerHeavy =
    f.speech.fillerRate > 5 ? f.sentences.filter((s) => /\b(um+|uh+|erm|er)\b/i.test(s)) : [];
  const evidence = [...structured.slice(0, 1), ...fillerHeavy.slice(0, 1)].map((s) => truncate(s));
  return {
    score: clamp(score),
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? [...new Set(evidence)] : firstSentence(f),
  };
}

const LABEL = {
  accuracy: 'accuracy',
  completeness: 'completeness',
  technicalDepth: 'technical depth',
  clarity: 'clarity',
} as const;

export function evaluateAnswer(pair: QaPair, vocabulary: readonly string[]): AnswerEvaluation {
  const f = answerFeatures(pair, vocabulary);
  const dimensions = {
    accuracy: accuracy(f),
    completeness: completeness(f),
    technicalDepth: technicalDepth(f),
    clarity: clarity(f),
  };
  const ranked = (Object.keys(dimensions) as (keyof typeof dimensions)[]).sort(
    (a, b) => dimensions[b].score - dimensions[a].score || a.localeCompare(b),
  );
  const best = ranked[0]!;
  const worst = ranked.at(-1)!;
  const bestScore = dimensions[best].score;
  const worstScore = dimensions[worst].score;
  const comment =
    bestScore < 60
      ? `A weak answer overall (at best ${bestScore}/100). ${dimensions[worst].explanation}`
      : bestScore - worstScore < 10
        ? `An even answer (${worstScore} to ${bestScore}/100). ${dimensions[worst].explanation}`
        : `Strongest on ${LABEL[best]}: ${dimensions[best].explanation} To improve ${LABEL[worst]}: ${dimensions[worst].explanation}`;
  return {
    dimensions,
    keyPoints: f.keyPoints,
    comment,
    tags: f.vocabHits.slice(0, 5),
    features: f,
  };
}

/** Rounded mean of the four dimensions: the per-question score (spec section 5). */
export function questionScore(
  d: Record<'accuracy' | 'completeness' | 'technicalDepth' | 'clarity', { score: number }>,
): number {
  return Math.round(
    (d.accuracy.score + d.completeness.score + d.technicalDepth.score + d.clarity.score) / 4,
  );
}
