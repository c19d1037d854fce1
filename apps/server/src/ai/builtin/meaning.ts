import { similarity } from './embeddings';
import { containsTerm, type Analysis, type Token } from './nlp';

/**
 * When a word of the answer says a word of a key point or question: the same concept (synonyms,
 * abbreviations and phrases are read as one in nlp.ts), the same stem, or a word close in meaning
 * by its word vector ("understand" and "why", "hear" and "listen").
 *
 * Word vectors are trusted for verbs, adjectives and adverbs only, and only when close: they were
 * learned from news and encyclopaedia text, which puts opposites near each other ("fast" and "slow"
 * 0.80, "increase" and "decrease" 0.88) and technical synonyms far apart ("bug" and "error" 0.21).
 * Nouns, names and terms must be said, in one of their spellings.
 */

/** Below this cosine two words are not taken to mean the same (measured: want/need 0.87, listen/understand 0.69). */
const CLOSE = 0.72;
/** A word close in meaning is worth this much of the word itself. */
const MEANING_CREDIT = 0.8;

/** Parts of speech a point's word may be matched on by meaning. */
const BY_MEANING = new Set(['VERB', 'ADJ', 'ADV']);
/** Parts of speech of answer words that can carry that meaning ("why" is an adverb). */
const CARRIERS = new Set(['VERB', 'ADJ', 'ADV', 'NOUN', 'PROPN']);

/** Opposites the vectors put close together: never one another's meaning. */
const OPPOSITES = new Map<string, string>();
for (const [a, b] of [
  ['increase', 'decrease'],
  ['fast', 'slow'],
  ['read', 'write'],
  ['high', 'low'],
  ['more', 'less'],
  ['before', 'after'],
  ['start', 'stop'],
  ['open', 'close'],
  ['accept', 'reject'],
  ['push', 'pull'],
  ['add', 'remove'],
  ['agree', 'disagree'],
  ['like', 'dislike'],
  ['succeed', 'fail'],
  ['win', 'lose'],
  ['enable', 'disable'],
  ['include', 'exclude'],
  ['import', 'export'],
  ['encrypt', 'decrypt'],
  ['buy', 'sell'],
  ['raise', 'lower'],
  ['early', 'late'],
  ['strong', 'weak'],
  ['large', 'small'],
  ['big', 'small'],
  ['easy', 'hard'],
  ['synchronous', 'asynchronous'],
  ['upstream', 'downstream'],
  ['ascend', 'descend'],
  ['expand', 'shrink'],
  ['overestimate', 'underestimate'],
  ['underestimate', 'overestimate'],
  ['maximize', 'minimize'],
  ['always', 'never'],
]) {
  OPPOSITES.set(`${a}|${b}`, b!);
  OPPOSITES.set(`${b}|${a}`, a!);
}

/** How far `said` says `wanted`: 1 for the same concept or stem, up to 0.8 by meaning, else 0. */
export function closeness(wanted: Token, said: Token): number {
  if (said.concept === wanted.concept) return 1;
  if (wanted.stem.length >= 4 && said.stem === wanted.stem) return 1;
  if (!BY_MEANING.has(wanted.pos) || !CARRIERS.has(said.pos)) return 0;
  if (said.negated !== wanted.negated) return 0;
  if (OPPOSITES.has(`${wanted.lemma}|${said.lemma}`)) return 0;
  if (wanted.lemma.length < 3 || said.lemma.length < 3) return 0;
  const s = similarity(wanted.lemma, said.lemma);
  return s >= CLOSE ? MEANING_CREDIT : 0;
}

/** How far any of the words says the token (an abbreviation: also by its words in full). */
export function bestCloseness(wanted: Token, words: readonly Token[], text?: Analysis): number {
  let best = 0;
  for (const said of words) {
    const c = closeness(wanted, said);
    if (c > best) best = c;
    if (best === 1) return 1;
  }
  if (wanted.expands && text && containsTerm(text, wanted.expands)) return 1;
  return best;
}

/** The tokens of one sentence of an analysis, as an analysis of its own. */
export function sentenceOf(a: Analysis, i: number): Analysis {
  const tokens = a.tokens.filter((t) => t.sentence === i);
  return {
    text: a.sentences[i]!,
    tokens,
    sentences: [a.sentences[i]!],
    words: tokens.filter((t) => !t.expansion).length,
  };
}
