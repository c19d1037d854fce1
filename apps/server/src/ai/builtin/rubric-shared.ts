import type { Dimension, DimensionScore } from '@candor/shared';
import { STRUCTURE, countMatches, type AnswerFeatures } from './features';
import { containsTerm } from './nlp';

/** A rubric scores the four slots of a question; what each slot means depends on the kind. */
export type Rubric = (f: AnswerFeatures) => Record<Dimension, DimensionScore>;

export const clamp = (n: number, lo = 0, hi = 100) => Math.round(Math.min(hi, Math.max(lo, n)));

export const quoteList = (items: string[]) => items.map((i) => `'${i}'`).join(', ');

/** Sentences of the answer that use any of the terms, best first. */
export function sentencesWith(f: AnswerFeatures, terms: string[], max = 2): string[] {
  if (terms.length === 0) return [];
  return f.sentences
    .map((s, i) => ({
      s,
      i,
      n: terms.filter((t) => containsTerm(sentenceAnalysis(f, i), t)).length,
    }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, max)
    .map((x) => x.s);
}

/** The tokens of one sentence of the answer, as an analysis of its own. */
function sentenceAnalysis(f: AnswerFeatures, i: number) {
  const tokens = f.analysis.tokens.filter((t) => t.sentence === i);
  return { text: f.sentences[i]!, tokens, sentences: [f.sentences[i]!], words: tokens.length };
}

export function firstSentence(f: AnswerFeatures): string[] {
  return f.sentences.length > 0 ? [f.sentences[0]!] : [];
}

/** Clarity is judged the same way for every kind: signposting, filler words, length, pace. */
export function clarity(f: AnswerFeatures): DimensionScore {
  const wpm = f.speech.wordsPerMinute;
  const avgSentence = f.sentences.length > 0 ? f.words / f.sentences.length : f.words;
  let score =
    60 +
    Math.min(20, 5 * f.structure) -
    Math.min(25, f.speech.fillerRate * 2.5) -
    (f.words < 10 ? 20 : f.words < 25 ? 10 : 0) -
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
  const structured = f.sentences.filter((s) => countMatches(s, STRUCTURE) > 0);
  const fillerHeavy =
    f.speech.fillerRate > 5 ? f.sentences.filter((s) => /\b(um+|uh+|erm|er)\b/i.test(s)) : [];
  const evidence = [...structured.slice(0, 1), ...fillerHeavy.slice(0, 1)];
  return {
    score: clamp(score),
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? [...new Set(evidence)] : firstSentence(f),
  };
}
