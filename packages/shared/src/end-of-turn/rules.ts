import {
  ALWAYS_TRANSITIVE,
  ANNOUNCES_A_MOVE,
  BEFORE_AN_OPEN_HEDGE,
  CLOSING_TAG,
  DETERMINERS,
  SEARCHES_FOR_A_WORD,
  SUBORDINATE_OPENERS,
  TOLD_WHOM,
  TRAILING_HEDGES,
  ANNOUNCES,
  ANNOUNCES_WHAT_FOLLOWS,
  ENUMERATES,
  FIRST_STEP_INSIDE,
  QUANTITY_WITHOUT_NOUN,
  STRANDABLE,
  ASKS_AT_END,
  ASKS_INTERVIEWER,
  ASKS_ITSELF,
  AUXILIARIES,
  BEFORE_A_BARE_VERB,
  CLOSE_WITH_A_STOP,
  COPULAS,
  CLOSING_TAILS,
  ELLIPSIS_LEAD,
  NEEDS_OBJECT,
  NEEDS_OBJECT_PAST,
  NEXT_STEP,
  NUMBER_OF,
  OPENS_SEQUENCE,
  OPEN_ENDINGS,
  PARTICLES,
  PHRASAL_VERB,
  RHETORICAL,
  SAYS_DONE,
  SAYS_FINAL_ANSWER,
  STORY_SET_UP,
  STRANDED,
  SUBJECTS,
  THAT_CLAUSE_VERBS,
  THINKING_ALOUD,
} from './words';

/**
 * End-of-turn rules (issue 27, decision 037): from what the recogniser has heard of an answer,
 * whether the candidate sounds finished, so the answer is taken up after a short silence rather
 * than the specification's fixed 3 seconds, and an unfinished thought is waited through. Pure and
 * language-agnostic in shape, English in its word lists. Fitted on corpus/tuned.ts; judged on
 * corpus/held-out.ts (bench/end-of-turn.ts prints both).
 *
 * - `now`: the candidate asked the interviewer something, or said they are done: taken up at once.
 * - `finished`: the last sentence is complete and nothing announced is owed: a short wait.
 * - `unfinished`: a trailing "and", filler, preposition, a verb waiting for its complement, an
 *   announced list or step not delivered, "let me think": a long wait.
 */
export type TurnCompletion = 'now' | 'finished' | 'unfinished';

export interface TurnJudgement {
  completion: TurnCompletion;
  /** Which rule decided, for tests and the held-out report. */
  why: string;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text's sentences (split at . ! ? followed by a space), punctuation kept. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter(Boolean);
}

/** Words only: punctuation other than apostrophes and hyphens inside words dropped. */
function bare(text: string): string {
  return text
    .replace(/\.\.\.|…|—|–/g, ' ')
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/\s-+|-+\s|-+$/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How many items follow an announcement: separated by commas, "and", "then", sentence ends. */
function itemsAfter(rest: string): number {
  const words = bare(rest).split(' ').filter(Boolean);
  if (words.length === 0) return 0;
  const separators = rest.split(/,|;|:|\.|\band\b|\bthen\b|\bsecond\b|\bfinally\b|\bor\b/).length;
  return Math.min(separators, Math.ceil(words.length / 2));
}

/** Judges what has been heard so far, at the moment the candidate falls silent. */
export function judgeTurn(heard: string): TurnJudgement {
  const text = normalise(heard);
  let all = sentences(text);
  // A lone "Yeah." after a sentence closes that sentence: judge what it closes.
  if (all.length > 1 && CLOSING_TAG.test(bare(all.at(-1)!))) {
    if (!THINKING_ALOUD.test(bare(all.at(-2)!))) return finished('a closing "yeah"');
    all = all.slice(0, -1);
  }
  const last = all.at(-1) ?? '';
  const lastWords = bare(last);
  if (!lastWords) return { completion: 'unfinished', why: 'nothing heard' };
  return (
    asksOrEnds(text, all, last, lastWords) ??
    waitsForMore(all, last, lastWords) ?? { completion: 'finished', why: 'a complete sentence' }
  );
}

const now = (why: string): TurnJudgement => ({ completion: 'now', why });
const unfinished = (why: string): TurnJudgement => ({ completion: 'unfinished', why });
const finished = (why: string): TurnJudgement => ({ completion: 'finished', why });

/** "That's it", a question for the interviewer, or a question the candidate will answer. */
function asksOrEnds(
  text: string,
  all: string[],
  last: string,
  lastWords: string,
): TurnJudgement | null {
  if (SAYS_DONE.test(bare(text)) || SAYS_FINAL_ANSWER.test(lastWords)) return now('says done');
  if (ASKS_AT_END.test(lastWords)) return now('asks the interviewer');
  // A question within the candidate's own story, not put to the interviewer: "So what did I do?"
  const clause = lastWords
    .split(/\b(?:and|so|but)\b/)
    .at(-1)!
    .trim();
  const ownStory = all.length > 1 || clause !== lastWords;
  const rhetorical =
    ownStory && !/\byou\b/.test(clause) && (RHETORICAL.test(lastWords) || RHETORICAL.test(clause));
  if (ASKS_ITSELF.test(clause)) return unfinished('asks itself');
  if (rhetorical && (/\?$/.test(last) || RHETORICAL.test(clause))) return unfinished('asks itself');
  if (/\?$/.test(last)) return now('asks the interviewer');
  if (ASKS_INTERVIEWER.test(lastWords) && lastWords.split(' ').length <= 20) {
    return now('asks the interviewer');
  }
  return null;
}

/** Whether the last words leave something owed: an announced list, a set-up, an open word. */
function waitsForMore(all: string[], last: string, lastWords: string): TurnJudgement | null {
  if (THINKING_ALOUD.test(lastWords)) return unfinished('thinking aloud');
  if (ANNOUNCES_WHAT_FOLLOWS.test(lastWords)) return unfinished('announces what follows');
  if (ANNOUNCES_A_MOVE.test(lastWords)) return unfinished('announces a move');
  // "she basically told me…", but not "nobody told us." (a full stop, or nothing was told).
  if (
    TOLD_WHOM.test(lastWords) &&
    !(/[.!]$/.test(last) && !/(?:\.\.\.|…)$/.test(last)) &&
    !/\b(?:nobody|no one|never|didn't|hadn't|wasn't|not)\b/.test(lastWords)
  ) {
    return unfinished('told whom, not what');
  }
  if (LETS_THINK_AT_END.test(lastWords)) return unfinished('thinking aloud');
  if (SEARCHES_FOR_A_WORD.test(lastWords)) return unfinished('looking for a word');
  // "…and then for each number", "because if the window shrinks": no main clause yet.
  const clause = lastWords
    .split(/\b(?:and|then|because|so|but|or)\b/)
    .at(-1)!
    .trim();
  if (clause !== lastWords && SUBORDINATE_OPENERS.test(clause)) {
    return unfinished('a subordinate clause, no main clause');
  }
  // Punctuation a transcript ends on while the voice goes on: a comma, a dash, a colon.
  if (/[,:;—–-]$/.test(last)) return unfinished('open punctuation');
  if (STORY_SET_UP.test(lastWords)) return unfinished('a story stopped at its set-up');
  const owed = owedItems(all);
  if (owed) return owed;
  return openEnding(last, lastWords);
}

/** A count announced and fewer items given, or a first step with no second. */
function owedItems(all: string[]): TurnJudgement | null {
  const recent = bare(all.slice(-2).join(' '));
  const announced = ANNOUNCES.exec(recent) ?? ENUMERATES.exec(recent);
  if (announced) {
    const count = Object.entries(NUMBER_OF).find(([w]) =>
      new RegExp(`\\b${w}\\b`).test(announced[0]),
    )?.[1];
    const rest = recent.slice(announced.index + announced[0].length);
    if (count !== undefined && itemsAfter(rest) < count) {
      return unfinished('announced more than it gave');
    }
  }
  const opener = all.findLastIndex((s) => OPENS_SEQUENCE.test(bare(s)));
  if (opener >= 0 && opener >= all.length - 2) {
    const body = bare(all.slice(opener).join(' ')).replace(OPENS_SEQUENCE, '');
    if (!NEXT_STEP.test(body)) return unfinished('a first step, no second');
  }
  const lastWords = bare(all.at(-1) ?? '');
  const first = FIRST_STEP_INSIDE.exec(lastWords);
  if (first && !NEXT_STEP.test(lastWords.slice(first.index + first[0].length))) {
    return unfinished('a first step, no second');
  }
  return null;
}

/** "the approach I'd go with", "the tools we use": a noun, its own subject, a stranded word. */
const ZERO_RELATIVE =
  /\b(?:the|that|this|which|a|any) (?!(?:thing|way|reason|idea|point|problem)\b)\w+ (?:i|we|you|they)(?:'d|'ll|'ve| would| will| have| had| should| could| can)? (?:\S+ ){0,4}\S+$/;

/** "that's a tough one, let me think": asking for time at the end of what was said. */
const LETS_THINK_AT_END =
  /\b(?:let me|lemme) (?:just )?(?:think|see)(?: about (?:it|that|this))?(?: for a (?:second|sec|moment|minute))?$/;

/** The last word: one a sentence cannot end on, unless what comes before closes it. */
function openEnding(last: string, lastWords: string): TurnJudgement | null {
  if (CLOSING_TAILS.some((tail) => tail.test(lastWords))) return finished('a closing tail');
  const tokens = lastWords.split(' ');
  const word = tokens.at(-1)!;
  const before = tokens.at(-2) ?? '';
  const stopped = /[.!]$/.test(last) && !/(?:\.\.\.|…)$/.test(last);
  // "on a box that", "passing a lambda that": a relative clause to come.
  if (
    word === 'that' &&
    (DETERMINERS.has(tokens.at(-3) ?? '') || DETERMINERS.has(tokens.at(-4) ?? ''))
  ) {
    if (!/^(?:of|with|about|like|for|on|in|to|do|did|done|does)$/.test(before)) {
      return unfinished('a relative "that"');
    }
  }
  if (word === 'that' && !THAT_CLAUSE_VERBS.has(before)) {
    // "that" as what is talked about ("comfortable with that"), not a clause to come.
    return finished('ends on "that" as a pronoun');
  }
  if (stopped && CLOSE_WITH_A_STOP.has(word)) return finished(`a full stop after "${word}"`);
  if (PARTICLES.has(word) && PHRASAL_VERB.test(before)) return finished('a phrasal verb');
  // An auxiliary after a subject, with something said before: "which nobody thought we would".
  if (AUXILIARIES.has(word) && SUBJECTS.has(before) && ELLIPSIS_LEAD.has(tokens.at(-3) ?? '')) {
    return finished('an ellipsis');
  }
  // A preposition, verb or "is" left at the end by a relative clause with its own subject:
  // "what I'm most proud of", "the kind of team I want to be part of", "where the friction is".
  if (STRANDABLE.has(word) && STRANDED.test(lastWords)) {
    // "The thing what I like most in backend is": the clause is the subject, "is" still owes.
    const opener = lastWords.search(
      /\b(?:what|which|where|who|how|the ones?|the things?|the (?:kind|sort|type) of \w+) /,
    );
    const leading = lastWords.slice(0, opener).split(' ').filter(Boolean).length;
    if (!(COPULAS.has(word) && leading <= 2)) return finished('stranded by a relative clause');
  }
  // A relative clause without "that": "the approach I'd go with".
  if (
    STRANDABLE.has(word) &&
    !COPULAS.has(word) &&
    word !== 'about' &&
    word !== 'around' &&
    ZERO_RELATIVE.test(lastWords)
  ) {
    return finished('stranded by a relative clause');
  }
  if (TRAILING_HEDGES.has(word)) {
    return BEFORE_AN_OPEN_HEDGE.has(before) || tokens.length === 1
      ? unfinished(`"${word}" opening what comes next`)
      : finished(`a closing "${word}"`);
  }
  if (ALWAYS_TRANSITIVE.has(word)) return unfinished(`"${word}" without its object`);
  if (OPEN_ENDINGS.has(word)) return unfinished(`ends on "${word}"`);
  if (NEEDS_OBJECT.has(word) && BEFORE_A_BARE_VERB.has(before)) {
    return unfinished(`"${word}" without its object`);
  }
  if (NEEDS_OBJECT_PAST.has(word)) return unfinished(`"${word}" without its object`);
  if (QUANTITY_WITHOUT_NOUN.test(lastWords)) return unfinished('a count without its noun');
  if (
    /\b(?:is|was|are|were|be) (?:probably|just|basically|really|actually|definitely|like|mostly|simply)$/.test(
      lastWords,
    )
  ) {
    return unfinished('a copula waiting for its complement');
  }
  if (/\b(?:you know|i mean)$/.test(lastWords)) return unfinished('a filler at the end');
  return null;
}
