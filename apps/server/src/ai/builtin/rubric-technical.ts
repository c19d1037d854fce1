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

/** 0 to 1, half way at `scale` × ln 2: the next idea counts less than the first. */
const saturating = (n: number, scale: number) => 1 - Math.exp(-n / scale);
/** Distinct ideas and specific terms at which an answer without key points is about 63% full. */
const IDEAS_SCALE = 15;
const SPECIFIC_SCALE = 8;

/** Vague words per 100 words cost this much each, to VAGUE_MAX: "just really basically stuff". */
const VAGUE_COST = 3;
const VAGUE_MAX = 20;
const vaguePenalty = (f: AnswerFeatures) =>
  Math.min(VAGUE_MAX, (VAGUE_COST * 100 * f.vague) / Math.max(f.words, 25));

/** Each hand-off said instead of an explanation costs this much of every content slot, to twice. */
const DEFLECTION_COST = 12;

function withGate(f: AnswerFeatures, score: number): number {
  const deflected = DEFLECTION_COST * Math.min(2, f.deflections);
  return clamp((score - deflected) * relevanceGate(f.relevance.score));
}

/**
 * Without key points the question's words are all there is to read relevance from, and a good
 * answer in its own words says few of them (graded corpus: the share said ranked the topic-based
 * answers no better than chance), so no gate: the relevance verdict alone decides what an answer
 * on another subject keeps.
 */
function ungated(f: AnswerFeatures, score: number): number {
  return clamp(score - DEFLECTION_COST * Math.min(2, f.deflections));
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
  // Without key points the builtin evaluator cannot check facts: it credits how much of
  // substance the answer says (distinct ideas, specific terms), with reasons.
  const terms = f.vocabHits.length + f.techTerms.length;
  const score = ungated(
    f,
    20 +
      10 * f.relevance.score +
      35 * saturating(f.ideas.length, IDEAS_SCALE) +
      15 * saturating(f.specific.length, SPECIFIC_SCALE) +
      Math.min(10, 3 * f.reasons) -
      hedgePenalty -
      vaguePenalty(f),
  );
  const parts = [substanceNote(f)];
  if (terms > 0) {
    parts.push(`Terms of the field: ${[...f.vocabHits, ...f.techTerms].slice(0, 5).join(', ')}.`);
  }
  if (f.reasons > 0) parts.push(`Gave ${f.reasons} reason(s) ("because", "which means").`);
  if (f.hedges > 0) parts.push(`${f.hedges} hedging phrase(s) weakened the answer.`);
  if (vaguePenalty(f) >= 5) parts.push(vagueNote(f));
  const deflected = deflectionNote(f);
  if (deflected) parts.push(deflected);
  if (note) parts.push(note);
  const evidence = sentencesWith(f, [...f.specific, ...f.vocabHits]);
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? evidence : firstSentence(f),
  };
}

/** What an answer without key points said, in its own words: the evidence for its content scores. */
function substanceNote(f: AnswerFeatures): string {
  if (f.ideas.length === 0) return 'Said nothing the question had not already said.';
  const specific =
    f.specific.length > 0
      ? `, ${f.specific.length} of them specific (${f.specific.slice(0, 5).join(', ')})`
      : ', none of them specific terms';
  return `Said ${f.ideas.length} distinct thing(s) the question did not (${f.ideas.slice(0, 5).join(', ')})${specific}.`;
}

const vagueNote = (f: AnswerFeatures) =>
  `${f.vague} vague word(s) ("just", "really", "stuff", "always"…) in ${f.words} words, in place of specifics.`;

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
  // How much was said, not how long: padding and repeating the question add no ideas.
  const score = ungated(
    f,
    20 + 70 * saturating(f.ideas.length, IDEAS_SCALE) + Math.min(10, 3 * f.structure),
  );
  const detail =
    f.ideas.length < 8
      ? 'a short answer that leaves most of the question open'
      : f.ideas.length < 20
        ? 'a reasonable answer that could go further'
        : 'a full answer';
  return {
    score,
    explanation: `${f.ideas.length} distinct thing(s) said in ${f.words} words across ${f.sentences.length} sentence(s): ${detail}.`,
    evidence: f.sentences.length > 1 ? [f.sentences.at(-1)!] : firstSentence(f),
  };
}

function technicalDepth(f: AnswerFeatures): DimensionScore {
  const terms = [...f.vocabHits, ...f.techTerms];
  const keyed = f.coverage !== null;
  const score = (keyed ? withGate : ungated)(
    f,
    20 +
      (keyed
        ? Math.min(40, 6 * terms.length)
        : 40 * saturating(f.specific.length, SPECIFIC_SCALE)) +
      Math.min(15, 5 * f.examples) +
      (f.numbers > 0 ? 5 : 0) +
      Math.min(10, 4 * f.tradeOffs) +
      (f.coverage !== null ? 10 * f.coverage : 0),
  );
  // Without key points, depth is read from the specific terms the answer used, whatever the topic.
  const named = keyed ? terms : f.specific;
  const parts = [
    named.length > 0
      ? `Used ${named.length} ${keyed ? 'technical' : 'specific'} term(s): ${named.slice(0, 6).join(', ')}.`
      : 'Used no specific technical terms of the topic.',
    f.examples > 0
      ? `Gave ${f.examples} concrete example(s).`
      : 'Gave no concrete example from experience.',
  ];
  if (f.tradeOffs > 0) parts.push('Weighed costs or trade-offs.');
  const exampleSentences = f.sentences.filter((s) => countMatches(s, EXAMPLE) > 0);
  const evidence = [...sentencesWith(f, named, 1), ...exampleSentences.slice(0, 1)];
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
