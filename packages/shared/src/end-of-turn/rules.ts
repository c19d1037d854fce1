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

/** Words after which a clause cannot end: conjunctions, relatives, prepositions, articles. */
const OPEN_ENDINGS = new Set(
  [
    // conjunctions and relatives
    'and or but so because cause since which that who whom whose where when while if then than',
    'whether although though unless until plus nor as like',
    // prepositions
    'of to in on at with for from into onto about by via through between against without over',
    'under after before during towards toward per across around behind',
    // articles, determiners, possessives
    'a an the my our your their his her its this these those some any each every either neither',
    'both another such',
    // auxiliaries and copulas waiting for what they introduce
    'is are was were be been being am would will could should can might must shall do does did',
    "i'd we'd you'd they'd i'll we'll i'm we're it's there's that's what's",
    // fillers
    'um umm uh uhh uhm er ah hmm mm',
    // pronouns as subjects still waiting for their verb
    'i we they he she',
    // discourse markers that open what comes next ("so I told him, look, …")
    'look listen well basically',
    // verbs that need an object ("the app was trying to reach …")
    'reach use using call calling get getting make making take taking put build check connect',
    'hit query send find add move set need want try trying include including',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Endings that close a sentence although their last word usually opens one: idioms, hedges and
 * tags people end answers with, and prepositions stranded at the end of a relative clause ("the
 * one I'd go with", "what I'm most proud of").
 */
const CLOSING_TAILS = [
  /\b(that|this) (was|is) it$/,
  /\band so (on|forth)$/,
  /\b(or )?something like that$/,
  /\b(that )?kind of thing$/,
  /\bsort of thing$/,
  /\bas well$/,
  /\b(i think|i guess|i suppose|i believe|i'd say|i would say)$/,
  /\b(so )?yeah$/,
  /\bto be honest$/,
  /\bwhere (i|we|you) can$/,
  /\b(that's|which is|is|was) (what|the one|the thing|the part) (i|we)('m| am|'d| would| was| were)?( \w+){0,3}$/,
  /\b(what|which) (i|we)('m| am| was| were) (most |really |quite )?\w+ (of|about|with|for)$/,
];

/** An utterance that only clears the throat: "okay so", "let me think", "good question". */
const THINKING_ALOUD =
  /^(?:(?:okay|ok|right|well|so|um+|uh+|er|hmm+|mm+|yeah|alright|all right|basically|like)\b[\s,]*)*(?:let me (?:think|see)(?: about (?:that|it))?(?: for a (?:second|sec|moment|minute))?|good question|that's a good question|so basically|what happened was|so what happened was)?$/;

/** Openers of a question put to the interviewer (browser transcripts have no question mark). */
const ASKS_INTERVIEWER =
  /^(?:sorry|pardon|excuse me|okay|ok|and|so|um|uh|before i answer)?[\s,]*(?:could you|can you|would you|will you|do you|did you|does it|is it|is that|are we|are you|should i|can i|may i|could i|when you say|what do you mean|do you want|would you like|how (?:fast|big|many|much) is|what was the)\b/;

/** Tags that turn an answer into a question for the interviewer at its end. */
const ASKS_AT_END =
  /\b(?:does that (?:answer your question|make sense|help)|is that (?:the kind of thing|what) you (?:were|are) looking for|is that (?:ok|okay|all right|alright|enough)|should i go (?:deeper|into more detail)|do you want me to (?:go on|continue|go deeper))$/;

/** The candidate saying the answer is over. */
const SAYS_DONE =
  /\b(?:that's (?:it|all|about it|pretty much it|everything)(?: really)?|(?:and )?that's all (?:i have|i've got|i got)(?: on| for)?(?: that(?: one)?| this(?: one)?)?|that's my (?:final )?answer|i'm (?:done|finished)|i think that covers it|that covers it)$/;

const SAYS_FINAL_ANSWER = /\bthat's my (?:final )?answer\b/;

/** A sequence announced: "there are three things", "two ways to do this", "the first one". */
const ANNOUNCES =
  /\b(?:there(?:'s| are| is| were)|there're|i have|i've got|we had|i see|i'd (?:say|do|look at|break it into)|in)\s+(?:two|three|four|five|a few|a couple of|several|a number of|2|3|4|5)\b(?:\s+\w+){0,3}?\s+(?:things|reasons|steps|ways|parts|points|options|approaches|problems|issues|lessons|areas|questions|factors|stages|phases|main reasons|key things|main things)\b|\b(?:two|three|2|3) (?:ways|things|options|approaches) to\b/;

const NUMBER_OF: Record<string, number> = {
  two: 2,
  '2': 2,
  three: 3,
  '3': 3,
  four: 4,
  '4': 4,
  five: 5,
  '5': 5,
  'a couple of': 2,
  'a few': 2,
  several: 2,
  'a number of': 2,
};

/** Step words that show a sequence going on after "first". */
const NEXT_STEP =
  /\b(?:then|second|secondly|next|after that|afterwards|finally|lastly|also|another|the other|and (?:the|a|my)? ?(?:second|last|other))\b/;

/** A sentence opening a sequence: "First, …", "The first thing I'd do is …", "The first one was …". */
const OPENS_SEQUENCE =
  /^(?:(?:so|okay|well|and|um|uh)[\s,]+)*(?:first(?:ly)?(?: of all)?\b|to start with\b|the first (?:thing|step|one|reason|part|way|issue|problem|point)\b)/;

/** Verbs that take a that-clause: "I'd say that", "the problem is that" wait for it. */
const THAT_CLAUSE_VERBS = new Set(
  (
    'say said says think thought know knew realise realised realize realized mean means meant ' +
    'found find noticed notice is was are were be believe guess feel felt learned learnt hope ' +
    'showed shows show so such decided saw figured argue argued explained sure ensure agree agreed'
  ).split(' '),
);

/**
 * Words a transcript may end a sentence on, when the recogniser put a full stop after them:
 * pronouns and adverbs ("comfortable with that.", "worked well together since.").
 */
const CLOSE_WITH_A_STOP = new Set(
  'that this these those since before after then too it about around over in on out up off down'.split(
    ' ',
  ),
);

/** A story stopped at its situation or task: the listener waits for what the candidate did. */
const STORY_SET_UP =
  /^(?:and |so )?(?:the|my|our) (?:task|situation|goal|challenge|context|background)\b(?:,[^,]*,)?[^,]* (?:was|is)\b/;

/** A question the candidate asks themself before answering it: "So what did I do?" */
const RHETORICAL = /\b(?:what|how|why) (?:did|do|would|could|should) (?:i|we)\b[^?]*\?$/;

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
  if (!text) return { completion: 'unfinished', why: 'nothing heard' };
  const all = sentences(text);
  const last = all.at(-1)!;
  const lastWords = bare(last);
  const words = bare(text);

  if (SAYS_DONE.test(words) || SAYS_FINAL_ANSWER.test(lastWords)) {
    return { completion: 'now', why: 'says done' };
  }
  if (/\?$/.test(last) && RHETORICAL.test(last) && !/\byou\b/.test(last)) {
    return { completion: 'unfinished', why: 'asks itself' };
  }
  if (/\?$/.test(last) || ASKS_AT_END.test(lastWords)) {
    return { completion: 'now', why: 'asks the interviewer' };
  }
  if (ASKS_INTERVIEWER.test(lastWords) && lastWords.split(' ').length <= 20) {
    return { completion: 'now', why: 'asks the interviewer' };
  }
  if (THINKING_ALOUD.test(lastWords)) return { completion: 'unfinished', why: 'thinking aloud' };

  // Punctuation a transcript ends on while the voice goes on: a comma, a dash, a colon.
  if (/[,:;—–-]$/.test(last)) return { completion: 'unfinished', why: 'open punctuation' };

  const closes = CLOSING_TAILS.some((tail) => tail.test(lastWords));
  const tokens = lastWords.split(' ');
  const lastWord = tokens.at(-1) ?? '';
  const stopped = /[.!]$/.test(last) && !/\.\.\.$|…$/.test(last);
  if (lastWord === 'that' && !THAT_CLAUSE_VERBS.has(tokens.at(-2) ?? '')) {
    // "that" as what is talked about ("comfortable with that"), not a clause to come.
    return { completion: 'finished', why: 'ends on "that" as a pronoun' };
  }
  if (stopped && CLOSE_WITH_A_STOP.has(lastWord)) {
    return { completion: 'finished', why: `a full stop after "${lastWord}"` };
  }
  if (!closes && OPEN_ENDINGS.has(lastWord)) {
    return { completion: 'unfinished', why: `ends on "${lastWord}"` };
  }
  if (
    !closes &&
    /\b(?:is|was|are|were|be) (?:probably|just|basically|really|actually|definitely|like|mostly|simply)$/.test(
      lastWords,
    )
  ) {
    return { completion: 'unfinished', why: 'a copula waiting for its complement' };
  }
  if (/\byou know$/.test(lastWords) || /\bi mean$/.test(lastWords)) {
    return { completion: 'unfinished', why: 'a filler at the end' };
  }

  if (STORY_SET_UP.test(lastWords)) {
    return { completion: 'unfinished', why: 'a story stopped at its set-up' };
  }
  // An announced sequence with fewer items than announced, in the last two sentences.
  const recent = all.slice(-2).join(' ');
  const announced = ANNOUNCES.exec(recent);
  if (announced) {
    const count = Object.entries(NUMBER_OF).find(([w]) =>
      new RegExp(`\\b${w}\\b`).test(announced[0]),
    )?.[1];
    const rest = recent.slice(announced.index + announced[0].length);
    if (count !== undefined && itemsAfter(rest) < count) {
      return { completion: 'unfinished', why: 'announced more than it gave' };
    }
  }
  const opener = all.findLastIndex((s) => OPENS_SEQUENCE.test(bare(s)));
  if (opener >= 0 && opener >= all.length - 2) {
    const after = all.slice(opener).join(' ');
    const body = bare(after).replace(OPENS_SEQUENCE, '');
    if (!NEXT_STEP.test(body)) return { completion: 'unfinished', why: 'a first step, no second' };
  }
  return { completion: 'finished', why: closes ? 'a closing tail' : 'a complete sentence' };
}
