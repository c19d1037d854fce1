import type { BankTopic } from './bank';
import { frequencyRank } from './embeddings';
import { analyse, termTokens, type Token } from './nlp';

/**
 * The set's words and the question's compounds, for relevance (relevance.ts): which concepts every
 * question of the set shares, which words a set topic stands for, which word of a compound is its
 * common one; and two small helpers its reasons use.
 */

/** Related words of a question's subject word: the vocabulary of bank topics named like it. */
export function relatedTerms(token: Token, topics: readonly BankTopic[]): string[] {
  const out: string[] = [];
  for (const topic of topics) {
    const names = [topic.topic, ...topic.aliases].flatMap((n) => termTokens(n));
    if (
      names.some(
        (n) => n.concept === token.concept || (n.stem.length >= 4 && n.stem === token.stem),
      )
    ) {
      out.push(...topic.vocabulary);
    }
  }
  return out;
}

/**
 * Concepts common to the set's questions ("cache" in a caching set, "data" in a Spark set): every
 * question of the set says them, so saying one shows little about which question was answered. Read
 * from the bank questions of the set's topics: a concept in more than a fifth of them is common.
 */
const COMMON_SHARE = 0.2;
const commonCache = new Map<string, Set<string>>();
export function commonConcepts(topics: readonly BankTopic[]): Set<string> {
  const key = topics.map((t) => t.topic).join('|');
  const hit = commonCache.get(key);
  if (hit) return hit;
  const questions = topics.flatMap((t) => Object.values(t.questions).flat());
  const counts = new Map<string, number>();
  for (const q of questions) {
    const concepts = new Set(
      analyse(q)
        .tokens.filter((t) => t.weight >= 0.6)
        .map((t) => t.concept),
    );
    for (const c of concepts) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  // Topic names are common to the set whatever the questions say.
  for (const topic of topics) {
    for (const t of termTokens(topic.topic)) counts.set(t.concept, questions.length);
  }
  const out = new Set(
    [...counts].filter(([, n]) => n > COMMON_SHARE * questions.length).map(([c]) => c),
  );
  if (questions.length < 5) out.clear();
  commonCache.set(key, out);
  return out;
}

const NOUNS = new Set(['NOUN', 'PROPN']);

/**
 * In a compound the question names ("data warehouse", "isolation levels"), the more common word
 * of the two does not name the subject alone: an answer that says "data" has not said "data
 * warehouse". How common is read from the word vectors' frequency order.
 */
export function compoundModifiers(tokens: Token[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    if (!NOUNS.has(a.pos) || !NOUNS.has(b.pos) || a.sentence !== b.sentence) continue;
    if (a.expansion || b.expansion || a.weight < 0.6 || b.weight < 0.6) continue;
    const ra = frequencyRank(a.lower) ?? Infinity;
    const rb = frequencyRank(b.lower) ?? Infinity;
    out.add(ra < rb ? i : i + 1);
  }
  return out;
}

export function longestRun(flags: boolean[]): number {
  let best = 0;
  let run = 0;
  for (const f of flags) {
    run = f ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

export const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
