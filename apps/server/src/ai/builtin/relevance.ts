import type { KeyPoint, QuestionKind, RelevanceVerdict } from '@candor/shared';
import type { BankTopic } from './bank';
import { QUESTION_WORDS } from './lexicon';
import { frequencyRank } from './embeddings';
import { bestCloseness, sentenceOf, shareOnReference } from './meaning';
import { openingReference, SAID_AGAIN, unaskedOpeningSubject } from './opening-subject';
import { commonConcepts, compoundModifiers, list, longestRun, relatedTerms } from './set-words';
import { storyEvidence } from './story';
import { offTheme, pastShare, TOLD_IN_PAST } from './story-theme';
import {
  analyse,
  containsTerm,
  mentions,
  vocabularyOf,
  WORDLIKE,
  type Analysis,
  type Token,
} from './nlp';

/**
 * Relevance first: before an answer is scored on a question, does it answer that question at all?
 * Each sentence of the answer is read against the question's subject (its own words, less the
 * words every question of the set shares), the expected answer and the key points. An answer with
 * no sentence on the subject did not answer the question; one whose sentences drift to another
 * subject is scored on the sentences that answer it.
 */

export interface Relevance {
  /** 0–1: weighted share of the question's subject words the answer addresses. */
  score: number;
  /** The question's subject words, and those the answer addressed (directly or by a related term). */
  asked: string[];
  addressed: string[];
  verdict: RelevanceVerdict;
  /** Indexes of the answer's sentences on the question's subject (all of them when answered). */
  relevant: number[];
  /** Why the answer (or part of it) was not taken as an answer; null when it was. */
  reason: string | null;
  /** 0–1: the share of the answer's words in sentences on the question's subject. */
  density: number;
  /** For an answer read in part as a whole: the share of its scores it keeps (0.5 when unset). */
  keeps?: number;
}

export interface RelevanceContext {
  question: string;
  answer: Analysis;
  kind: QuestionKind;
  topics: readonly BankTopic[];
  expectedAnswer: string | null;
  keyPoints: readonly KeyPoint[];
}

/** A word most questions of the set share ("SQL" in an SQL set) says little about this question. */
const SET_WORD_WEIGHT = 0.35;
/**
 * Among the most frequent English words ("design", "service", "long", "job", "code"), a question's
 * word names its subject only with others: read from the word vectors' frequency order.
 */
const EVERYDAY_RANK = 2500;
/** The share of key points covered in full that shows an attempt at the question. */
const KEY_POINTS_ATTEMPTED = 0.34;
/** With an expected answer: the share of the answer's subject on it that shows an answer. */
const ON_EXPECTED = 0.45;
/** …and below which the answer is about another subject. */
const OFF_EXPECTED = 0.38;
/** Opening on a thing the question never names, with nothing to name it but the question. */
const OPENS_ELSEWHERE = 0.5;
/** Between the two, without a third of the key points: the share of its scores an answer keeps. */
const MOSTLY_ELSEWHERE = 0.5;
/** Without one: an answer saying at most this share of the question's subject words… */
const BARELY = 0.1;
/** …and this little of its own subject in the question's terms… */
const BARELY_ON = 0.06;
/** …and is long enough to be about something else, or barely touches the set's words, did not. */
const ELSEWHERE_WORDS = 50;
const BARELY_ON_SUBJECT = 0.3;
/** Each word at its own weight, not reduced for being everyday: "star" names a star schema. */
const weightOf = (fs: Focus[]) => fs.reduce((n, f) => n + f.token.weight, 0);
/** An answer without an expected answer that hardly says the question's words keeps this share. */
const HARDLY_SAID = 0.75;
/** Below this share of its words on the subject, an answer is scored on its relevant part only. */
const PARTLY_BELOW = 0.6;
/** Sentences that lean on the one before ("It…", "This means…") share its subject. */
const CONTINUES =
  /^(?:it|its|it's|this|that|that's|these|those|they|them|their|which|because|then|also|and|but|or|plus|for example|for instance|e\.g\.|otherwise|instead|here|there|the (?:same|result|downside|trade-?off|catch|cost|reason)|as a result|in that case|on the other hand)\b/i;

interface Focus {
  token: Token;
  weight: number;
  /** The common word of a compound the question names ("data" of "data warehouse"). */
  modifier: boolean;
  related: string[];
}

/** The question's subject words, weighted; framing words ("explain", "difference") left out. */
function focusOf(ctx: RelevanceContext): Focus[] {
  const shared = commonConcepts(ctx.topics);
  const focus = new Map<string, Focus>();
  const tokens = analyse(ctx.question).tokens;
  const modifiers = compoundModifiers(tokens);
  for (const [i, t] of tokens.entries()) {
    if (t.weight < 0.6 || t.expansion) continue;
    if (QUESTION_WORDS.has(t.lemma) || QUESTION_WORDS.has(t.concept)) continue;
    const rank = frequencyRank(t.lemma) ?? frequencyRank(t.lower);
    const everyday = rank !== null && rank < EVERYDAY_RANK && t.weight < 1.5;
    const common = shared.has(t.concept) || modifiers.has(i) || everyday;
    const weight = common ? t.weight * SET_WORD_WEIGHT : t.weight;
    const seen = focus.get(t.concept);
    if (seen && seen.weight >= weight) continue;
    // A topic's vocabulary stands in only for the set's own subject ("observability" → logs,
    // traces): a specific word ("ACID", "star schema") must be said, or the index story of a SQL
    // set would answer every question its topic names. Never for a story: every story has a
    // situation and a result, the whole vocabulary of a behavioural topic.
    const related =
      ctx.kind === 'behavioural' || !shared.has(t.concept) ? [] : relatedTerms(t, ctx.topics);
    focus.set(t.concept, { token: t, weight, related, modifier: modifiers.has(i) });
  }
  return [...focus.values()];
}

/** Words of the expected answer and key points that name things the question itself does not. */
function expectedWords(ctx: RelevanceContext, focus: Focus[]): Token[] {
  const text = [ctx.expectedAnswer ?? '', ...ctx.keyPoints.map((k) => k.point)].join('. ');
  if (text.trim() === '.' || text.trim() === '') return [];
  const shared = commonConcepts(ctx.topics);
  const asked = new Set(focus.map((f) => f.token.concept));
  const out = new Map<string, Token>();
  for (const t of analyse(text).tokens) {
    if (t.weight < 1 || t.expansion || asked.has(t.concept) || shared.has(t.concept)) continue;
    out.set(t.concept, t);
  }
  return [...out.values()];
}

function says(f: Focus, sentence: Analysis): boolean {
  const words = sentence.tokens.filter((t) => WORDLIKE.test(t.text));
  if (bestCloseness(f.token, words, sentence) >= 0.5) return true;
  return f.related.some((term) => containsTerm(sentence, term));
}

/** The answer's own subject: its most weighty nouns and terms that the question does not say. */
function subjectOf(a: Analysis, sentences: number[], focus: Focus[]): string[] {
  const asked = new Set(focus.map((f) => f.token.concept));
  // "probes" read as a verb is still the question's "probes": its stem says so.
  const askedStems = new Set(focus.map((f) => f.token.stem).filter((s) => s.length >= 4));
  const weights = new Map<string, { text: string; weight: number }>();
  for (const t of a.tokens) {
    if (!sentences.includes(t.sentence) || t.expansion || t.weight < 1) continue;
    if (asked.has(t.concept) || askedStems.has(t.stem)) continue;
    if (t.pos === 'NUM' || /^\d/.test(t.text)) continue;
    const seen = weights.get(t.concept);
    weights.set(t.concept, {
      text: seen?.text ?? t.text.toLowerCase(),
      weight: (seen?.weight ?? 0) + t.weight,
    });
  }
  return [...weights.values()]
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 3)
    .map((w) => w.text);
}

export function relevanceOf(ctx: RelevanceContext): Relevance {
  const a = ctx.answer;
  const focus = focusOf(ctx);
  const all = a.sentences.map((_, i) => i);
  // An expected answer or key points: something beside the question's words to read it against.
  const reference = !!ctx.expectedAnswer || ctx.keyPoints.length > 0;
  let density = 1;
  const answered = (score: number, asked: string[], addressed: string[]): Relevance => ({
    density,
    score,
    asked,
    addressed,
    verdict: 'answered',
    relevant: all,
    reason: null,
  });
  if (focus.length === 0 || a.sentences.length === 0) return answered(1, [], []);
  if (ctx.kind === 'behavioural') {
    const reason = offTheme(ctx.question, a);
    if (reason) {
      return {
        density,
        score: 0,
        asked: [],
        addressed: [],
        verdict: 'off-topic',
        relevant: [],
        reason,
      };
    }
  }

  const sentences = all.map((i) => sentenceOf(a, i));
  const total = focus.reduce((n, f) => n + f.weight, 0);
  const addressedFocus = focus.filter((f) => sentences.some((s) => says(f, s)));
  const score = addressedFocus.reduce((n, f) => n + f.weight, 0) / total;
  const asked = focus.map((f) => f.token.text.toLowerCase());
  const addressed = addressedFocus.map((f) => f.token.text.toLowerCase());

  // Covering the expected key points is the surest sign of answering the question asked, except
  // in coding: problems solved by the same technique share its steps (slow and fast pointers for a
  // list's cycle and for its middle), so a spoken approach that opens on another problem and goes
  // on about it ("For the middle in one pass I use two pointers… the middle…") answers that one.
  const evidence = ctx.keyPoints
    .filter((k) => k.coverage === 'covered' && k.evidence)
    .map((k) => k.evidence!);
  const covered = ctx.keyPoints.filter((k) => k.coverage === 'covered').length;
  const problem =
    ctx.kind === 'coding' ? unaskedOpeningSubject(a, openingReference(ctx), ctx.question) : null;
  const anotherProblem = !!problem && problem.again >= SAID_AGAIN;
  if (!anotherProblem && ctx.keyPoints.length > 0 && covered / ctx.keyPoints.length >= 0.5) {
    return answered(Math.max(score, 0.5), asked, addressed);
  }
  // A third of the key points said in full show an attempt at this question, if a weak one; said
  // in part they do not (an answer to a neighbouring question half says many of them).
  const attempted =
    !anotherProblem &&
    ctx.keyPoints.length > 0 &&
    covered / ctx.keyPoints.length >= KEY_POINTS_ATTEMPTED;

  // Whether the answer is on the question at all rests on the question's own words: those most
  // questions of the set share ("data", "cache") count only when the question has no others.
  const specific = focus.filter((f) => f.weight === f.token.weight);
  const subjectWords = specific.length > 0 ? specific : focus;
  const expected = expectedWords(ctx, focus);
  const wordsIn = (s: Analysis) => s.tokens.filter((t) => WORDLIKE.test(t.text));
  const expectedIn = (s: Analysis) =>
    expected.filter((t) => bestCloseness(t, wordsIn(s), s) >= 1).length;
  const isEvidence = (i: number) => evidence.some((e) => e.includes(a.sentences[i]!));
  // An answer is on the question when it names the question's own subject. Words of the expected
  // answer and a key point or two are not enough alone: a good answer to a neighbouring question
  // (feature selection, asked about overfitting) shares many of them.
  // Two of its everyday words together ("star" and "sales") name it too; the set's own never do.
  const ownWords = focus.filter((f) => !commonConcepts(ctx.topics).has(f.token.concept));
  const onQuestion = sentences.map(
    (s) => subjectWords.some((f) => says(f, s)) || ownWords.filter((f) => says(f, s)).length >= 2,
  );
  // Which part of an answer on the question is on it: any of its words, shared ones too, a key
  // point's quote, words of the expected answer, or leaning on the sentence before ("It also…").
  const onSubject = sentences.map(
    (s, i) =>
      onQuestion[i]! || focus.some((f) => says(f, s)) || isEvidence(i) || expectedIn(s) >= 1,
  );
  for (let i = 1; i < onSubject.length; i++) {
    if (!onSubject[i] && onSubject[i - 1] && CONTINUES.test(a.sentences[i]!.trim()))
      onSubject[i] = true;
  }
  // Without an expected answer or key points, an explanation names its subject once and goes on in
  // its own words ("That's a deadlock. Two threads each grab one mutex…"): a sentence that names a
  // specific thing the sentences on the subject named (not an everyday word such as "data" or
  // "table", nor the set's common words) goes on with it.
  if (!reference) {
    const shared = commonConcepts(ctx.topics);
    const named = (i: number) =>
      a.tokens.filter(
        (t) =>
          t.sentence === i &&
          t.weight >= 1 &&
          !t.expansion &&
          !shared.has(t.concept) &&
          (frequencyRank(t.lower) ?? Infinity) >= EVERYDAY_RANK,
      );
    const onIt = new Set(
      all.filter((i) => onSubject[i]).flatMap((i) => named(i).map((t) => t.concept)),
    );
    for (let round = 0; round < 2; round++) {
      for (const i of all) {
        if (onSubject[i] || !named(i).some((t) => onIt.has(t.concept))) continue;
        onSubject[i] = true;
        for (const t of named(i)) onIt.add(t.concept);
      }
    }
  }
  const relevant = onQuestion.some(Boolean) || attempted ? all.filter((i) => onSubject[i]) : [];
  const wordsOf = (ids: number[]) => ids.reduce((n, i) => n + sentences[i]!.words, 0);
  const part = wordsOf(relevant) / Math.max(1, wordsOf(all));
  density = wordsOf(all.filter((i) => onSubject[i])) / Math.max(1, wordsOf(all));
  const about = subjectOf(
    a,
    all.filter((i) => !relevant.includes(i)),
    focus,
  );
  const wanted = list(subjectWords.map((f) => f.token.text.toLowerCase()).slice(0, 4));

  const offTopic = (about: string[]): Relevance => ({
    density,
    score,
    asked,
    addressed,
    verdict: 'off-topic',
    relevant: [],
    reason: `The question asked about ${wanted}${about.length > 0 ? `; the answer is about ${list(about)}` : ''}, which does not answer it.`,
  });
  /** Counted in part: the sentences it is scored on, why, and what share of the score it keeps. */
  const partly = (
    part: Pick<Relevance, 'relevant' | 'reason' | 'keeps'> & { score?: number },
  ): Relevance => ({ density, score, asked, addressed, verdict: 'partly', ...part });
  // An answer that opens on a subject of its own ("For falls, every patient…", asked about sepsis)
  // answers another question, however many of the field's words it shares with this one. Not a
  // story: a story opens on its own situation by nature.
  let opening: string | null = null;
  if (ctx.kind !== 'behavioural' && !attempted) {
    const own = unaskedOpeningSubject(a, openingReference(ctx), ctx.question);
    // Without an expected answer or key points to name it, a thing defined first may be the
    // mechanism that answers the question ("a token bucket is…", asked how to limit a rate): it
    // costs half at most, never "Did not answer", once the rest has had its say.
    if (own?.form === 'defines' && !reference) opening = own.text;
    else if (own) return offTopic([own.text]);
  }
  // With an expected answer, the surest reading is how much of what the answer talks about the
  // question, its expected answer and its key points talk about too: an answer in the terms of the
  // expected answer answers it (if weakly), one mostly in other terms answers another question.
  // Between the two thresholds, and no third of the key points said in full: what the answer
  // talks about that the question and its reference do not.
  let middle: string[] | null = null;
  if (ctx.kind !== 'behavioural' && ctx.expectedAnswer) {
    const reference = analyse(
      [ctx.question, ctx.expectedAnswer, ...ctx.keyPoints.map((k) => k.point)].join('. '),
    );
    const on = shareOnReference(a, reference);
    if (on >= ON_EXPECTED) return answered(Math.max(score, on), asked, addressed);
    if (on < OFF_EXPECTED && !attempted) return offTopic(subjectOf(a, all, focus));
    if (!attempted) {
      const said = vocabularyOf(reference);
      const elsewhere = a.tokens.filter((t) => !mentions(said, t));
      middle = subjectOf({ ...a, tokens: elsewhere }, all, focus);
    }
  }

  // A story names its situation in its own words ("the marketing lead", "the launch page"), not in
  // the question's ("a non-technical audience"): words alone cannot tell that a story is about
  // another situation, so a story with at least two parts of STAR is taken as an answer.
  // So is an account told in the past: what happened once, not what the candidate usually does.
  const isStory = () =>
    Object.values(storyEvidence(a)).filter((x) => x !== null).length >= 2 ||
    pastShare(a) >= TOLD_IN_PAST;
  if (ctx.kind === 'behavioural' && relevant.length === 0 && isStory()) {
    return partly({
      score: 0,
      relevant: all,
      reason: `The story never says what the question asked about (${wanted}), so it counts only in part.`,
    });
  }
  if (relevant.length === 0) {
    // Without an expected answer only the question's words tell, and a good answer can say its
    // subject in words the question does not use ("fact table" to a star schema, "read committed"
    // to isolation levels). "Did not answer" is kept for an answer that says almost none of the
    // question's words, even in part; the rest is scored as a whole at a reduced share.
    // The question's own words (not the set's, nor a compound's common word), everyday ones
    // too: "star" and "sales" count, the "data" of "data warehouse" does not.
    const named = ownWords.filter((f) => !f.modifier);
    // How much of the answer's own subject is in those words' terms, or close to them.
    const toQuestion = shareOnReference(a, analyse(named.map((f) => f.token.text).join(', ')));
    const said = named.filter((f) => sentences.some((s) => says(f, s)));
    const ownShare = weightOf(said) / weightOf(named);
    // Saying something else needs room to say it: a short answer is read as a weak attempt.
    const elsewhere = a.words >= ELSEWHERE_WORDS || density < BARELY_ON_SUBJECT;
    const barely =
      (named.length === 0 || ownShare <= BARELY) && toQuestion < BARELY_ON && elsewhere;
    // Without an expected answer a good answer can miss most of the question's words (asked about
    // priority inversion, it tells how a medium task preempts the low one holding the lock), so
    // "Did not answer" needs all of them missing: the worst verdict for a candidate is a false one.
    // The set's own words ("data" in a data set) do not count: every answer of the set says them.
    // A compound's common word said once ("the data stayed manageable", asked about a data
    // warehouse) counts half.
    // Its names, not its verbs: "avoid" (how do you avoid deadlock?) is near too many words.
    const names = ownWords.filter((f) => f.token.weight >= 1);
    const evidence = (names.length > 0 ? names : ownWords).reduce((n, f) => {
      const times = sentences.filter((s) => says(f, s)).length;
      return n + (times === 0 ? 0 : f.modifier && times === 1 ? 0.5 : 1);
    }, 0);
    if (reference || (barely && evidence === 0)) return offTopic(about);
    return partly({
      relevant: all,
      // Words alone cannot tell a paraphrase from a neighbouring subject (graded corpus: of the
      // topic-based answers read this way, 11 were good answers and 7 answered another question),
      // so an answer that says one of the question's own words loses less.
      keeps: evidence >= 1 && !opening ? HARDLY_SAID : 0.5,
      reason: `${opening ? `The answer opens on ${opening} and hardly says` : 'The answer hardly says'} what the question asked about (${wanted}), so it counts only in part.`,
    });
  }
  // A story is one whole: it is scored as told once any of it is on the question. An explanation
  // is scored on its relevant part only when a run of sentences on another subject makes up most
  // of it: an explanation's later sentences often name new things without repeating the question.
  const offRun = longestRun(all.map((i) => !relevant.includes(i)));
  if (ctx.kind !== 'behavioural' && part < PARTLY_BELOW && offRun >= 2 && about.length > 0) {
    return partly({
      relevant,
      reason: `Only ${relevant.length} of ${all.length} sentences were about ${wanted}${about.length > 0 ? `; the rest (about ${list(about)}) was not scored` : '; the rest was not scored'}.`,
    });
  }
  if (opening) {
    return partly({
      relevant: all,
      keeps: OPENS_ELSEWHERE,
      reason: `The answer opens on ${opening}, which the question did not ask about (${wanted}), so it counts only in part.`,
    });
  }
  if (middle) {
    // Mostly about something else than the expected answer (graded corpus: strong answers to a
    // neighbouring question, weak ones talking around it), yet a good answer in its own words can
    // land here too, so it counts in part, never "Did not answer".
    return partly({
      relevant: all,
      keeps: MOSTLY_ELSEWHERE,
      reason: `Most of the answer is about ${middle.length > 0 ? list(middle) : 'other things'}, not what the question asked about (${wanted}) nor what a strong answer to it covers, so it counts only in part.`,
    });
  }
  return answered(score, asked, addressed);
}
