import { keyPointCoverage, type DimensionScore } from '@candor/shared';
import { EXAMPLE, countMatches, type AnswerFeatures } from './features';
import {
  clarity,
  clamp,
  firstSentence,
  quoteList,
  sentencesWith,
  type Rubric,
} from './rubric-shared';

/**
 * The technical rubric: accuracy, completeness and technical depth from the key points covered
 * (when the question has them), relevance to the question, the topic's terms and concrete detail;
 * clarity from delivery. Relevance gates the first three: an answer about something else (streams,
 * to a question on CPU-heavy work) cannot score well however fluent it is.
 */

/** 1 for an answer on the question; down to 0.35 for one about something else. */
export function relevanceGate(relevance: number): number {
  return relevance >= 0.5 ? 1 : 0.35 + 1.3 * relevance;
}

function gateNote(f: AnswerFeatures): string | null {
  if (relevanceGate(f.relevance.score) >= 1) return null;
  const missing = f.relevance.asked.filter((w) => !f.relevance.addressed.includes(w));
  return `Much of the answer is not about what was asked${missing.length > 0 ? ` (${missing.slice(0, 5).join(', ')})` : ''}, so it scores low here.`;
}

/** Each hand-off said instead of an explanation costs this much of every content slot, to twice. */
const DEFLECTION_COST = 12;

function withGate(f: AnswerFeatures, score: number): number {
  const deflected = DEFLECTION_COST * Math.min(2, f.deflections);
  return clamp((score - deflected) * relevanceGate(f.relevance.score));
}

const deflectionNote = (f: AnswerFeatures) =>
  f.deflections > 0
    ? `Handed the question off (looking it up, another team, the interview itself) ${f.deflections} time(s) instead of answering it.`
    : null;

function accuracy(f: AnswerFeatures): DimensionScore {
  const hedgePenalty = Math.min(15, f.hedges * 4);
  const note = gateNote(f);
  if (f.coverage !== null) {
    const covered = f.keyPoints.filter((k) => keyPointCoverage(k) === 'covered');
    const partial = f.keyPoints.filter((k) => keyPointCoverage(k) === 'partial');
    const missed = f.keyPoints.filter((k) => keyPointCoverage(k) === 'missed');
    const score = withGate(
      f,
      25 + 65 * f.coverage + Math.min(10, 2 * f.vocabHits.length) - hedgePenalty,
    );
    const parts = [
      `Covered ${covered.length} of ${f.keyPoints.length} key points${partial.length > 0 ? ` and ${partial.length} in part` : ''}.`,
    ];
    if (missed.length > 0) parts.push(`Not mentioned: ${quoteList(missed.map((k) => k.point))}.`);
    if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened the answer.`);
    const deflected = deflectionNote(f);
    if (deflected) parts.push(deflected);
    if (note) parts.push(note);
    const evidence = [...covered, ...partial]
      .map((k) => k.evidence)
      .filter((e): e is string => !!e);
    return {
      score,
      explanation: parts.join(' '),
      evidence: evidence.length > 0 ? [...new Set(evidence)].slice(0, 3) : firstSentence(f),
    };
  }
  // Without key points the builtin evaluator cannot check facts: it credits answering what was
  // asked, in the terms of the field, with reasons.
  const terms = f.vocabHits.length + f.techTerms.length;
  const score = withGate(
    f,
    30 +
      30 * f.relevance.score +
      Math.min(25, 4 * terms) +
      Math.min(10, 3 * f.reasons) -
      hedgePenalty,
  );
  const parts = [
    `The answer addresses ${Math.round(f.relevance.score * 100)}% of what the question asks about and uses ${terms} technical term(s)${terms > 0 ? ` (${[...f.vocabHits, ...f.techTerms].slice(0, 5).join(', ')})` : ''}.`,
  ];
  if (f.reasons > 0) parts.push(`Gave ${f.reasons} reason(s) ("because", "which means").`);
  if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened the answer.`);
  const deflected = deflectionNote(f);
  if (deflected) parts.push(deflected);
  if (note) parts.push(note);
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
    const covered = f.keyPoints.filter((k) => keyPointCoverage(k) === 'covered').length;
    const partial = f.keyPoints.filter((k) => keyPointCoverage(k) === 'partial').length;
    const score = withGate(f, 15 + 80 * f.coverage + (f.words >= 40 ? 5 : 0));
    const evidence = f.keyPoints.map((k) => k.evidence).filter((e): e is string => !!e);
    return {
      score,
      explanation: `Covered ${covered} of ${f.keyPoints.length} expected key points${partial > 0 ? ` (${partial} more in part)` : ''} in ${f.words} words.`,
      evidence: evidence.length > 0 ? [...new Set(evidence)].slice(0, 3) : firstSentence(f),
    };
  }
  const score = withGate(
    f,
    lengthScore(f.words) * (0.55 + 0.45 * f.relevance.score) + Math.min(10, 3 * f.structure),
  );
  const detail =
    f.words < 40
      ? 'a short answer that leaves most of the question open'
      : f.words < 80
        ? 'a reasonable answer that could go further'
        : 'a full answer';
  return {
    score,
    explanation: `${f.words} words across ${f.sentences.length} sentence(s): ${detail}.`,
    evidence: f.sentences.length > 1 ? [f.sentences.at(-1)!] : firstSentence(f),
  };
}

function technicalDepth(f: AnswerFeatures): DimensionScore {
  const terms = [...f.vocabHits, ...f.techTerms];
  const score = withGate(
    f,
    20 +
      Math.min(40, 6 * terms.length) +
      Math.min(15, 5 * f.examples) +
      (f.numbers > 0 ? 5 : 0) +
      Math.min(10, 4 * f.tradeOffs) +
      (f.coverage !== null ? 10 * f.coverage : 0),
  );
  const parts = [
    terms.length > 0
      ? `Used ${terms.length} technical term(s): ${terms.slice(0, 6).join(', ')}.`
      : 'Used no specific technical terms of the topic.',
    f.examples > 0
      ? `Gave ${f.examples} concrete example(s).`
      : 'Gave no concrete example from experience.',
  ];
  if (f.tradeOffs > 0) parts.push('Weighed costs or trade-offs.');
  const exampleSentences = f.sentences.filter((s) => countMatches(s, EXAMPLE) > 0);
  const evidence = [...sentencesWith(f, terms, 1), ...exampleSentences.slice(0, 1)];
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? [...new Set(evidence)] : firstSentence(f),
  };
}

export const technicalRubric: Rubric = (f) => {
  const c = clarity(f);
  // A fluent answer to another question is still not an answer to this one.
  const gated = relevanceGate(f.relevance.score) < 1 ? { ...c, score: Math.min(c.score, 60) } : c;
  return {
    accuracy: accuracy(f),
    completeness: completeness(f),
    technicalDepth: technicalDepth(f),
    clarity: gated,
  };
};
