import { frequencyRank } from './embeddings';
import { closeness } from './meaning';
import { analyse, WORDLIKE, type Analysis, type Token } from './nlp';
import { actions } from './story';

/**
 * What a behavioural question asks the candidate to show, read from the clause where the candidate
 * acts: "a time you disagreed with a teammate" (disagree), "a time you had to cut scope" (cut,
 * scope), "a deal you lost" (lose, deal), "a time you gave difficult feedback to a colleague"
 * (give, difficult feedback; the candidate gives it). A story that reuses the question's words
 * about something else (feedback the candidate received, asked about feedback they gave; a habit
 * of prioritising, asked about a time scope was cut) does not answer it.
 */

export interface StoryTheme {
  /** The candidate's own act, when it says more than "had", "dealt with" or "made". */
  verbs: Token[];
  /** What the act is done to or about: the nouns and their describing words ("upset parent"). */
  object: Token[];
  /** The act moves something from the candidate to someone else (gave, told) or the other way. */
  direction: 'gives' | 'receives' | null;
  /** The question asks about one occasion in the past ("a time you…", "a deal you lost"). */
  occasion: boolean;
  /** A light act that is the theme with its "no": "say no", "take no". */
  refusal: RegExp | null;
}

/** Verbs that carry no theme of their own: the thing they are done to is the theme. */
const LIGHT = new Set([
  'be',
  'have',
  'do',
  'deal',
  'handle',
  'make',
  'get',
  'take',
  'go',
  'work',
  'need',
  'try',
  'manage',
  'face',
  'say',
  'come',
  'find',
  'use',
  'feel',
]);
/** Acts that hand something to another person (feedback, advice, news), and their converse. */
const GIVES = /^(give|deliver|tell|share|raise|offer|provide|pass)$/;
const RECEIVES = /^(receive|get|hear|accept|take)$/;
/** What ends the clause where the candidate acts. */
const CLAUSE_END = /^(but|or|how|what|why|when|where|which|,|\.|\?|;)$/i;
const OCCASION = /\b(a|one|the) (time|situation|moment|occasion)\b|\b(a|an) [\w-]+ you\b/i;

/** The words of the clause after the candidate ("you…"), up to its end. */
function clauseAfterYou(tokens: Token[]): { verbs: Token[]; rest: Token[]; before: Token | null } {
  const at = tokens.findIndex((t, i) => t.lower === 'you' && tokens[i + 1]?.pos !== 'PUNCT');
  if (at === -1) return { verbs: [], rest: [], before: null };
  // "a deal you lost": the thing named before "you" is what the story is about.
  const prev = tokens[at - 1];
  const before = prev && (prev.pos === 'NOUN' || prev.pos === 'PROPN') ? prev : null;
  const verbs: Token[] = [];
  const rest: Token[] = [];
  for (let i = at + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.sentence !== tokens[at]!.sentence || CLAUSE_END.test(t.lower)) break;
    if (t.pos === 'VERB') verbs.push(t);
    else if (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ') rest.push(t);
  }
  return { verbs, rest, before };
}

export function storyTheme(question: string): StoryTheme | null {
  const q = analyse(question);
  const { verbs, rest, before } = clauseAfterYou(q.tokens);
  if (verbs.length === 0 && rest.length === 0) return null;
  const own = verbs.filter((v) => !LIGHT.has(v.lemma) && !GIVES.test(v.lemma));
  // Who hands what to whom is the candidate's own act, the verbs before the first thing named:
  // in "you helped a very anxious patient get through", "get" is the patient's, not a sign the
  // story is about something the candidate was given.
  const firstNamed = Math.min(
    ...rest.filter((t) => t.pos !== 'ADJ').map((t) => q.tokens.indexOf(t)),
  );
  const all = verbs.filter((v) => q.tokens.indexOf(v) < firstNamed).map((v) => v.lemma);
  // "A manager gave you feedback": handed to the candidate, whose clause then names no act.
  const at = q.tokens.findIndex((t, i) => t.lower === 'you' && q.tokens[i + 1]?.pos !== 'PUNCT');
  const handedToYou = at > 0 && GIVES.test(q.tokens[at - 1]!.lemma);
  const direction = handedToYou
    ? 'receives'
    : all.some((v) => GIVES.test(v))
      ? 'gives'
      : all.some((v) => RECEIVES.test(v))
        ? 'receives'
        : null;
  // The first thing named after the act, with its describing words: "difficult feedback", "an
  // upset parent", "a customer who was really angry".
  const head = rest.findIndex((t) => t.pos !== 'ADJ');
  const object = [
    ...(before ? [before] : []),
    ...(head === -1 ? rest : rest.slice(0, head + 1)),
    ...rest.slice(head + 1).filter((t) => t.pos === 'ADJ'),
  ].filter((t) => t.weight >= 0.6);
  // "Say no to a request": a light act whose "no" is the theme.
  const refused = verbs.find(
    (v) => LIGHT.has(v.lemma) && q.tokens[q.tokens.indexOf(v) + 1]?.lower === 'no',
  );
  const forms = refused
    ? [refused.lemma, refused.lower, `${refused.lemma}s`, `${refused.lemma}ing`, 'said']
    : [];
  const refusal = refused ? new RegExp(`\\b(${[...new Set(forms)].join('|')}) no\\b`, 'i') : null;
  return { verbs: own, object, direction, occasion: OCCASION.test(question), refusal };
}

const wordsOf = (a: Analysis) => a.tokens.filter((t) => WORDLIKE.test(t.text) && !t.expansion);

/**
 * Among the few hundred commonest words ("get", "take", "half"), a word's vector is close to too
 * many others to stand for a theme by meaning: it must be the theme's own word.
 */
const TOO_COMMON = 600;
const standsFor = (wanted: Token, said: Token) => {
  const c = closeness(wanted, said);
  if (c >= 1) return true;
  if (c < 0.5 || LIGHT.has(said.lemma) || GIVES.test(said.lemma) || RECEIVES.test(said.lemma))
    return false;
  const rank = frequencyRank(said.lemma) ?? frequencyRank(said.lower);
  return rank === null || rank >= TOO_COMMON;
};

/** Whether the story says the question's theme: its own act, else what the act is done to. */
export function saysTheme(theme: StoryTheme, a: Analysis): boolean {
  const words = wordsOf(a);
  const said = (t: Token) => words.some((w) => standsFor(t, w));
  if (theme.verbs.some(said) || theme.refusal?.test(a.text)) return true;
  // What the act is done to, without its describing word: "I don't give much feedback" is on
  // difficult feedback, if weakly.
  return theme.object.some((t) => t.pos !== 'ADJ' && said(t));
}

/** Past acts of the candidate (or their team): "I proposed", "we shipped". */
export function pastActs(a: Analysis): number {
  return actions(a, 'i').length + actions(a, 'we').length;
}

/**
 * The share of the answer's verbs told in the past ("wrote", "had gone"), against the present of
 * a habit or an opinion ("I write", "you just prioritise"): a story of one occasion is told in
 * the past. An infinitive ("to write") or a verb after a modal ("would write") is neither.
 */
export function pastShare(a: Analysis): number {
  let past = 0;
  let present = 0;
  a.tokens.forEach((t, i) => {
    if (t.pos !== 'VERB' && t.pos !== 'AUX') return;
    const prev = a.tokens[i - 1];
    if (
      prev &&
      (prev.lower === 'to' ||
        /^(would|could|should|will|can|might|must|may|'d|'ll)$/.test(prev.lower))
    )
      return;
    if (t.lower.endsWith('ing')) return;
    if (t.lower !== t.lemma && !/s$/.test(t.lower)) past++;
    else if (!/^(would|could|should|will|can|might|must|may|'d|'ll)$/.test(t.lower)) present++;
  });
  return past + present === 0 ? 0 : past / (past + present);
}

const HANDED_TO_ME =
  /\b(told|gave|showed|sent|handed|offered|passed) me\b|\bi (was|got) (told|given|asked|criticised|criticized|called out|pulled aside)\b|\bi (received|got|heard)\b/gi;
const HANDED_BY_ME =
  /\bi (then |also |finally )?(told|gave|showed|sent|handed|offered|passed|mentioned|raised|shared|said|explained|pointed out|talked|spoke|sat down|delivered)\b/gi;

/**
 * Whether the story reverses who does what to whom: asked about feedback the candidate gave, it
 * tells of feedback they were given (or the other way).
 */
export function reversesRoles(theme: StoryTheme, text: string): boolean {
  if (theme.direction === null) return false;
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  const toMe = (lower.match(HANDED_TO_ME) ?? []).length;
  const byMe = (lower.match(HANDED_BY_ME) ?? []).length;
  return theme.direction === 'gives' ? toMe > byMe : byMe > toMe && toMe === 0;
}

/** An answer told in the past at most this share of its verbs is a habit, not a story. */
export const HABIT_BELOW = 0.35;
/** …and from this share on, an account of what happened. */
export const TOLD_IN_PAST = 0.5;

/**
 * Why a behavioural answer is not about what the question asks the candidate to show, or null:
 * the roles reversed (feedback received, asked about feedback given), or, asked for one occasion,
 * an account of a habit that never says the theme (how features are measured, asked about a time
 * scope was cut). A story that never says the theme in the question's words is left to the rest:
 * stories name their theme in their own words ("moved two features to the next version").
 */
export function offTheme(question: string, a: Analysis): string | null {
  const theme = storyTheme(question);
  if (!theme) return null;
  if (reversesRoles(theme, a.text)) {
    return theme.direction === 'gives'
      ? 'The question asked about something you gave or told someone; the story is about something you were given or told.'
      : 'The question asked about something you were given or told; the story is about something you gave.';
  }
  if (theme.occasion && pastShare(a) < HABIT_BELOW && !saysTheme(theme, a)) {
    return 'The question asked about one time it happened; the answer describes a habit about something else, not that.';
  }
  return null;
}
