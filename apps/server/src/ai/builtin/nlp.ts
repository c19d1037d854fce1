import { createRequire } from 'node:module';
import { sentencesOf } from '@candor/shared';
import type WinkNLP from 'wink-nlp';
import type Model from 'wink-eng-lite-web-model';
import { ABBREVIATIONS, canonical, GENERIC_WORDS, PHRASE_GROUPS, STOP_WORDS } from './lexicon';

/**
 * The evaluator's reading of English: wink-nlp with its English model (lemmas, parts of speech,
 * negation, sentence boundaries), shipped inside the npm package, so it works offline and gives
 * the same result every time (decision 011). Everything that compares words goes through here.
 */

export interface Token {
  /** The word as written. */
  text: string;
  lower: string;
  /** Dictionary form: "indices" → "index", "went" → "go", "personalised" → "personalized". */
  lemma: string;
  /** Porter2 stem: "observable" and "observability" → "observ". */
  stem: string;
  /** Universal part of speech (NOUN, VERB, PROPN, NUM…). */
  pos: string;
  /** Inside the scope of a negation ("not", "never", "n't"). */
  negated: boolean;
  /** A word that carries no content ("the", "is", "you"). */
  stop: boolean;
  /** Index of the sentence it belongs to. */
  sentence: number;
  /** The concept it stands for when words are compared (synonyms share one). */
  concept: string;
  /** How much it says about a claim: 0 for function words, most for numbers and technical terms. */
  weight: number;
  /** An abbreviation's words ("global interpreter lock" for "GIL"), read after it as `expansion`s. */
  expands?: string;
  /** A word an abbreviation stands for, added after it: not a word the candidate said. */
  expansion?: boolean;
}

export interface Analysis {
  text: string;
  tokens: Token[];
  /** Sentences verbatim (whitespace collapsed); a long unpunctuated run is cut into ~30-word pieces. */
  sentences: string[];
  words: number;
}

let engine: ReturnType<typeof WinkNLP> | null = null;
/**
 * The English model (about 4 MB of JavaScript, some 40 MB of memory once read) loads on the first
 * report or non-answer check, about 0.6 s, not when the server starts: start-up stays fast.
 */
function nlp() {
  if (!engine) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    const model = require('wink-eng-lite-web-model') as typeof Model;
    engine = winkNLP(model, ['pos', 'negation']);
  }
  return engine;
}

export const WORDLIKE = /[\p{L}\p{N}]/u;
/** Operators that are words in a technical answer. */
const SYMBOL_TERMS = new Set(['==', '===', '!=', '!==', '=>', '&&', '||', '++']);
/** Looks technical whatever the model thinks: digits, inner capitals, dots or slashes inside. */
const TECHNICAL_SHAPE = /\d|[a-z][A-Z]|^[A-Z]{2,}s?$|\w[./#+]\w|^\/\w/;

function weigh(t: Omit<Token, 'weight' | 'concept'>, concept: string): number {
  if (STOP_WORDS.has(t.lower) || STOP_WORDS.has(t.lemma)) return 0;
  if (SYMBOL_TERMS.has(t.text)) return 1.5;
  if (!WORDLIKE.test(t.text)) return 0;
  // "PUT", "GET", "O(n)" are terms even where the English model sees a stop word.
  if (TECHNICAL_SHAPE.test(t.text)) return 1.5;
  if (t.stop) return 0;
  if (GENERIC_WORDS.has(t.lemma) || GENERIC_WORDS.has(concept)) return 0.2;
  switch (t.pos) {
    case 'NUM':
      return 1.5;
    case 'PROPN':
      return 1.2;
    case 'NOUN':
    case 'X':
      return 1;
    case 'ADJ':
      return 0.7;
    case 'VERB':
      return 0.6;
    case 'ADV':
      return 0.3;
    default:
      return 0.2;
  }
}

/**
 * The clauses an answer is scored by: its sentences (the shared rule, `sentencesOf`), whitespace
 * collapsed, split again at semicolons; a run of more than 40 words (speech recognised without
 * punctuation) is cut into 30-word pieces.
 */
export function answerClauses(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentencesOf(text.replace(/\s+/g, ' '))) {
    for (const part of sentence.split(/(?<=;)\s+(?=\S)/)) {
      const ws = part.split(' ');
      if (ws.length <= 40) out.push(part);
      else for (let i = 0; i < ws.length; i += 30) out.push(ws.slice(i, i + 30).join(' '));
    }
  }
  return out;
}

/**
 * Technical tokens the English model would cut apart ("Node.js", "===", "/posts/{id}", "O(n)") are
 * masked as one placeholder word before reading and restored after. Spoken complexity ("O of n
 * squared") is read as written complexity.
 */
const TECHNICAL_TOKENS =
  /\b[Cc][Ii]\/[Cc][Dd]\b|\bO\((?:[^()]|\([^()]*\)){1,16}\)|\bO of (?:n log n|log n|n squared|n|1|one)\b|===|!==|==|!=|=>|&&|\|\||\+\+|\b[Cc](?:\+\+|#)|(?<![\w/])\/[\w{}:.\-/]+|\b\w+(?:\.\w+)+\b/g;

function placeholder(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Zqtok${s}`;
}

/** "Node.js" and "node" are one concept; spoken and written complexity are one concept. */
function technicalConcept(original: string): string {
  const lower = original.toLowerCase();
  const spoken = /^o of (.+)$/.exec(lower);
  if (spoken) {
    const n = spoken[1]!.replace('one', '1').replace('n squared', 'n^2');
    return `o(${n})`;
  }
  if (/^o\(/.test(lower))
    return lower.replace(/\s+/g, ' ').replace('n squared', 'n^2').replace('n²', 'n^2');
  return lower.replace(/\.(js|ts)$/, '');
}

function readSentence(sentence: string, index: number): Token[] {
  const n = nlp();
  const its = n.its;
  const masked: string[] = [];
  const input = sentence.replace(TECHNICAL_TOKENS, (m) => {
    masked.push(m);
    return ` ${placeholder(masked.length - 1)} `;
  });
  const raw = n.readDoc(input).tokens();
  // The typings of `its.lemma` and `its.stem` do not fit `out`'s parameter; the calls are right.
  const out = <T>(f: unknown) => raw.out(f as Parameters<typeof raw.out>[0]) as unknown as T[];
  const values = out<string>(its.value);
  const lemmas = out<string>(its.lemma);
  const stems = out<string>(its.stem);
  const tags = out<string>(its.pos);
  const negs = out<boolean>(its.negationFlag);
  const stops = out<boolean>(its.stopWordFlag);
  return values.map((value, i) => {
    const hole = /^Zqtok([a-z]+)$/.exec(value);
    if (hole) {
      const original = masked[placeholderIndex(hole[1]!)] ?? value;
      const concept = technicalConcept(original);
      return {
        text: original,
        lower: original.toLowerCase(),
        lemma: concept,
        stem: concept,
        pos: 'X',
        negated: negs[i] === true,
        stop: false,
        sentence: index,
        concept,
        weight: 1.5,
      };
    }
    const base = {
      text: value,
      lower: value.toLowerCase(),
      lemma: (lemmas[i] ?? value).toLowerCase(),
      stem: (stems[i] ?? value).toLowerCase(),
      pos: tags[i] ?? 'X',
      negated: negs[i] === true,
      stop: stops[i] === true,
      sentence: index,
    };
    const concept = canonical(base.lemma, base.negated);
    return { ...base, concept, weight: weigh(base, concept) };
  });
}

/** Plain lowercase spellings read as abbreviations too; any other needs a capital or a digit. */
const PLAIN_ABBREVIATIONS = new Set(['db', 'dbs', 'k8s', 'p95', 'p99', 'p50', 'ci/cd']);

/** The abbreviation a token is, when it is one written as an abbreviation ("GIL", not "gil"). */
function abbreviationOf(t: Token): string | null {
  const key = t.lower.replace(/\.$/, '');
  // Own keys only: a candidate who says "Constructor injection…" must not find Object's
  // constructor here (it crashed the builtin report).
  const expansion = Object.hasOwn(ABBREVIATIONS, key) ? ABBREVIATIONS[key] : undefined;
  if (!expansion) return null;
  return t.text !== t.lower || /\d/.test(key) || PLAIN_ABBREVIATIONS.has(key) ? expansion : null;
}

/** The abbreviation's words, read as words of the same sentence, after it. */
function withExpansions(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const expansion = abbreviationOf(t);
    if (!expansion) {
      out.push(t);
      continue;
    }
    out.push({ ...t, expands: expansion, weight: Math.max(t.weight, 1.2) });
    for (const e of readSentence(expansion, t.sentence)) {
      if (e.weight > 0) out.push({ ...e, expansion: true });
    }
  }
  return out;
}

const PHRASES = PHRASE_GROUPS.flatMap((group) =>
  group.map((phrase) => ({ words: phrase.split(' '), concept: group[0]! })),
).sort((a, b) => b.words.length - a.words.length);

/**
 * A phrase of PHRASE_GROUPS becomes one concept on its first word ("double loop" → brute force);
 * its other words then say nothing of their own.
 */
function withPhrases(tokens: Token[]): Token[] {
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++) {
    const found = PHRASES.find(
      (p) =>
        i + p.words.length <= out.length &&
        p.words.every((w, j) => {
          const t = out[i + j]!;
          return t.sentence === out[i]!.sentence && (t.lemma === w || t.lower === w);
        }),
    );
    if (!found) continue;
    const span = out.slice(i, i + found.words.length);
    const weight = Math.max(1, ...span.map((t) => t.weight));
    out[i] = { ...out[i]!, concept: found.concept, stem: found.concept, weight };
    for (let j = 1; j < found.words.length; j++) out[i + j] = { ...out[i + j]!, weight: 0 };
    i += found.words.length - 1;
  }
  return out;
}

function placeholderIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 96);
  return n - 1;
}

function read(text: string): Analysis {
  const sentences = answerClauses(text);
  const tokens = withExpansions(withPhrases(sentences.flatMap((s, i) => readSentence(s, i))));
  return {
    text,
    tokens,
    sentences,
    words: tokens.filter((t) => !t.expansion && WORDLIKE.test(t.text)).length,
  };
}

// A report reads each answer several times (key points, relevance, rubric): keep recent ones.
const cache = new Map<string, Analysis>();
const CACHE_SIZE = 256;

/** The analysis of a text; the same text gives the same (shared, read-only) analysis. */
export function analyse(text: string): Analysis {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const result = read(text);
  cache.set(text, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

/** The tokens that carry content, each concept once with its highest weight. */
export function contentConcepts(a: Analysis): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of a.tokens) {
    if (t.weight <= 0) continue;
    out.set(t.concept, Math.max(out.get(t.concept) ?? 0, t.weight));
  }
  return out;
}

/** Concepts and stems present in a text, for "does the answer say this?" lookups. */
export interface Vocabulary {
  concepts: Set<string>;
  stems: Set<string>;
}

export function vocabularyOf(a: Analysis): Vocabulary {
  const concepts = new Set<string>();
  const stems = new Set<string>();
  for (const t of a.tokens) {
    if (t.weight <= 0 && !WORDLIKE.test(t.text)) continue;
    concepts.add(t.concept);
    stems.add(t.stem);
  }
  return { concepts, stems };
}

/** True when the token's concept (or, failing that, its stem) occurs in the vocabulary. */
export function mentions(v: Vocabulary, t: Pick<Token, 'concept' | 'stem'>): boolean {
  return v.concepts.has(t.concept) || (t.stem.length >= 4 && v.stems.has(t.stem));
}

/** The content tokens of a phrase, for matching it as a sequence ("event loop"). */
export function termTokens(term: string): Token[] {
  return analyse(term).tokens.filter((t) => WORDLIKE.test(t.text) || t.weight > 0);
}

/** True when the phrase's words occur in order, next to each other (stop words aside), in the text. */
export function containsTerm(a: Analysis, term: string): boolean {
  const wanted = termTokens(term).filter((t) => t.weight > 0);
  if (wanted.length === 0) return false;
  const seq = a.tokens.filter((t) => t.weight > 0);
  for (let i = 0; i + wanted.length <= seq.length; i++) {
    if (
      wanted.every((w, j) => {
        const t = seq[i + j]!;
        return t.concept === w.concept || (w.stem.length >= 4 && t.stem === w.stem);
      })
    ) {
      return true;
    }
  }
  return false;
}

/** Sentences of the text whose tokens satisfy the test, best (most matches) first. */
export function sentencesWhere(a: Analysis, test: (t: Token) => boolean, max = 2): string[] {
  const counts = new Map<number, number>();
  for (const t of a.tokens) if (test(t)) counts.set(t.sentence, (counts.get(t.sentence) ?? 0) + 1);
  return [...counts.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, max)
    .map(([i]) => a.sentences[i]!)
    .filter(Boolean);
}
