import { frequencyRank, similarity } from './embeddings';
import { QUESTION_WORDS } from './lexicon';
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

/** Below this cosine a word of the answer is not taken as one of the reference's (any part of speech). */
const ON_REFERENCE = 0.6;

/**
 * How rare a word is, from the vectors' frequency order: "data" (near 400) says little about a
 * subject, "overfitting" (not in the list at all) says much. log10 of the rank over 30, 0.3 to 4.
 */
function rarity(t: Token): number {
  const rank = frequencyRank(t.lemma) ?? frequencyRank(t.lower);
  if (rank === null) return 4;
  return Math.max(0.3, Math.min(4, Math.log10(rank / 30)));
}

/** The words of a text that carry its subject: content words, framing words left out. */
function subjectTokens(a: Analysis): Token[] {
  return a.tokens.filter(
    (t) => t.weight >= 0.6 && !t.expansion && /\p{L}/u.test(t.text) && !QUESTION_WORDS.has(t.lemma),
  );
}

/**
 * The share of what an answer talks about that the reference talks about too (the question, its
 * expected answer and key points): each of the answer's subject words weighed by how rare it is,
 * credited when the reference says it (concept or stem) or a word close to it by its vector. An
 * answer to the question stays on the reference's words; a good answer to another question brings
 * its own (feature selection asked about overfitting: "permutation importance", "SHAP").
 */
export function shareOnReference(answer: Analysis, reference: Analysis): number {
  const wanted = subjectTokens(reference);
  let on = 0;
  let all = 0;
  for (const said of subjectTokens(answer)) {
    const w = rarity(said);
    let best = 0;
    for (const t of wanted) {
      if (said.concept === t.concept || (t.stem.length >= 4 && said.stem === t.stem)) {
        best = 1;
        break;
      }
      if (said.lemma.length >= 3 && t.lemma.length >= 3)
        best = Math.max(best, similarity(said.lemma, t.lemma));
    }
    on += w * (best >= ON_REFERENCE ? best : 0);
    all += w;
  }
  return all === 0 ? 0 : on / all;
}
