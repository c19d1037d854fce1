/**
 * The English the end-of-turn rules (rules.ts) listen for: word lists and patterns over the
 * lower-cased words of a transcript (punctuation dropped but for apostrophes). Kept apart from
 * the rules so a list can grow without touching how it is used.
 */

const words = (...lines: string[]) => new Set(lines.join(' ').split(' '));

/** Words after which a clause cannot end: conjunctions, relatives, prepositions, articles. */
export const OPEN_ENDINGS = words(
  // conjunctions and relatives
  'and or but so because cause since which that who whom whose where when while if then than',
  'whether although though unless until plus nor as like',
  // prepositions
  'of to in on at with for from into onto about by via through between against without over',
  'under after before during towards toward per across around behind',
  // articles, determiners, possessives
  'a an the my our your their his her its this these those some any each every another such',
  'either neither',
  // auxiliaries and copulas waiting for what they introduce
  'is are was were be been being am would will could should can might must shall do does did',
  "i'd we'd you'd they'd i'll we'll i'm we're it's there's that's what's",
  // fillers
  'um umm uh uhh uhm er erm ah ahh hmm hm mm mmm eh ehm em',
  // adverbs that modify what comes next ("most of it was actually just")
  'just very quite pretty extremely totally super even',
  // pronouns as subjects still waiting for their verb
  'i we they he she',
  // discourse markers that open what comes next ("so I told him, look, …")
  'look listen well',
  // a comparison waiting for its other half ("I'd rather …")
  'rather',
);

/** Verbs that need an object: at the end after "to" or a modal they wait for it ("trying to reach"). */
export const NEEDS_OBJECT = words(
  'reach use call get make take put build check connect hit query send find add move set need',
  'want try include fix ask tell give show explain compare',
);

/** Verbs that need an object in the past too: "the sales team wanted …". */
export const NEEDS_OBJECT_PAST = words('wanted needed asked told gave showed included meant');

/**
 * Verbs a clause never ends on outside a relative clause, whatever stands before them: "helps
 * students find", "I usually ask", "the plan involves".
 */
export const ALWAYS_TRANSITIVE = words(
  'find tell give include includes including involve involves involved require requires',
  'describe mention explain ask',
);

/** A verb of telling with its listener but not yet what was said: "she basically told me". */
export const TOLD_WHOM =
  /\b(?:told|tell|tells|asked|ask|asks|showed|show|gave|give|taught|warned|reminded|said to|explained to) (?:me|us|him|her|them|the team|everyone)$/;

/** Looking for a word aloud: "the, how do you say", "what's the word". */
export const SEARCHES_FOR_A_WORD =
  /\b(?:how do you say|how do you call it|what do you call it|what do you call them|what's the word|what is the word|what's it called|what is it called|how to say)(?: it| that| in english)?$/;

/** A subordinate clause opened after the last "and"/"then"/"because" with no main clause yet. */
export const SUBORDINATE_OPENERS =
  /^(?:for (?:each|every|all)(?: \S+){1,2}|(?:if|when|whenever|once|as soon as|unless|while)(?: \S+){1,3})$/;

/** Where a verb at the end still waits: after "to", a modal, or a subject with its modal. */
export const BEFORE_A_BARE_VERB = words(
  "to i'd we'd you'd they'd i'll we'll would will should could can must might let's",
);

/** Particles that end a phrasal verb ("what's going on", "we sorted it out"). */
export const PARTICLES = words('on in out up off over down through around back away along');

/** Words a phrasal verb's particle may follow. */
export const PHRASAL_VERB =
  /(?:ing|ed|go|goes|went|carry|move|log|turn|come|came|get|got|set|sort|work|figure|back|it|them|him|her|this|that)$/;

/** Subjects before an auxiliary at the end: an ellipsis ("which nobody thought we would"). */
export const SUBJECTS = words('i we they he she you it');

/** What an ellipsis follows: "nobody thought we would", "faster than we could", "as I said I would". */
export const ELLIPSIS_LEAD = words(
  'thought think said says than as hoped expected knew believed figured promised wished told',
  'because since whenever unless though although like hope expect want wanted',
);

/** Auxiliaries that may end a clause by ellipsis after a subject. */
export const AUXILIARIES = words(
  'would could should can will did do does was were have had am is are might must',
);

/** Copulas and "be": never an ellipsis after a noun ("the main reason is"). */
export const COPULAS = words('is are was were be am');

/** Verbs that take a that-clause: "I'd say that", "the problem is that" wait for it. */
export const THAT_CLAUSE_VERBS = words(
  'say said says think thought know knew realise realised realize realized mean means meant',
  'found find noticed notice is was are were be believe guess feel felt learned learnt hope',
  'showed shows show so such decided saw figured argue argued explained sure ensure agree agreed',
);

/**
 * Words a transcript may end a sentence on, when the recogniser put a full stop after them:
 * pronouns and adverbs ("comfortable with that.", "worked well together since.").
 */
export const CLOSE_WITH_A_STOP = words(
  'that this these those since before after then too it about around over in on out up off down',
  'both either neither',
);

/**
 * Endings that close a sentence although their last word usually opens one: idioms, hedges and
 * tags people end answers with.
 */
export const CLOSING_TAILS = [
  /\b(?:that|this) (?:was|is) (?:it|that)$/,
  /\band so (?:on|forth)$/,
  /\b(?:or )?something like that$/,
  /\b(?:that )?(?:kind|sort) of thing$/,
  /\bas well$/,
  /\b(?:i think|i guess|i suppose|i believe|i'd say|i would say)$/,
  /\b(?:so )?yeah$/,
  /\bif that makes sense$/,
  /\bif you know what i mean$/,
  /\bto be honest$/,
  /\bgive or take$/,
  /\bmore or less$/,
  /\bamong other things$/,
  /\bwhere (?:i|we|you) can$/,
];

/** What a relative clause may leave at the end: a preposition, a verb, "is". */
export const STRANDABLE = words(
  'of to in on at with for from into about by through between against without over under after',
  'before during around is are was were meant',
  [...NEEDS_OBJECT].join(' '),
);

/**
 * A relative clause with its own subject, reaching the end: "what I'm most proud of", "the kind
 * of team I want to be part of", "shows you where the real friction is". The relative is not the
 * first word, so "What I'd do is" (still owed) is left out.
 */
export const STRANDED =
  /(?:^|\s)(?!(?:so|and|but|well|okay|ok|um|uh|then|basically|like|right) )\S+ (?:what|which|where|who|how|the ones?|the things?|the (?:kind|sort|type) of \w+) (?:i|we|you|they|he|she|it|i'd|i'm|i've|we'd|we're|we've|you'd|you're|they'd|they're|people|(?:the|our|my|your|their) \w+)(?: \S+){0,6}$/;

/** A count and an adjective with the noun still to come: "twelve different". */
export const QUANTITY_WITHOUT_NOUN =
  /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|several|many|a few|some) (?:different|separate|main|key|other|major|distinct|individual)$/;

/**
 * A sentence that announces what follows and stops: "Here's what happened.", "For example.",
 * "Three things, really."
 */
export const ANNOUNCES_WHAT_FOLLOWS =
  /^(?:(?:so|and|well|okay|ok|right|um|uh)\b ?)*(?:here's (?:the thing|what|how|why)(?: \S+){0,2}|for (?:example|instance)|long story short|(?:to put it|in) a nutshell|the (?:thing|point|problem|short answer) is|(?:two|three|four|five|a few|a couple of) (?:things|reasons|points|ways|parts|steps)(?: really)?)$/;

/**
 * A sentence announcing what the candidate is about to do: "Let me just sketch the main components.",
 * "I'd like to start with the requirements."
 */
export const ANNOUNCES_A_MOVE =
  /^(?:(?:okay|ok|right|well|so|um+|uh+|alright|all right|hmm+)\b ?)*(?:let me|let's|lemme|i'd like to|i would like to|i'm going to|i'm gonna|i want to)(?: just| quickly| first)? (?:start|begin|sketch|draw|think|walk|go|talk|outline|list|lay out|break|explain|describe|frame|clarify|recap)\b/;

/** A turn that only clears the throat or asks for time: "okay so", "let me think", "good question". */
export const THINKING_ALOUD =
  /^(?:(?:okay|ok|right|well|so|um+|uh+|erm|er|hmm+|mm+|yeah|alright|all right|basically|like|and)\b ?)*(?:(?:let me|lemme) (?:just )?(?:think|see|gather my thoughts|collect my thoughts|put it this way|start with|think about (?:that|it|this))(?: for a (?:second|sec|moment|minute))?|(?:give me|just) a (?:second|sec|moment|minute)|bear with me|hang on|one (?:second|sec|moment)|good question|that's a (?:good|great|tough|tricky) question|so basically|what happened was|so what happened was)?$/;

/** Openers of a question put to the interviewer (browser transcripts have no question mark). */
export const ASKS_INTERVIEWER =
  /^(?:(?:sorry|pardon|excuse me|okay|ok|and|so|um|uh|just to check|before i answer|quick question)\b ?)*(?:could you|can you|would you|will you|do you|did you|does it|does that|is it|is this|is that|are we|are you|are there|am i|do i|should i|should we|shall i|shall we|can i|can we|could we|may i|may we|could i|would it|is it (?:ok|okay|fine|alright|all right)|would you mind|i was wondering|i wonder (?:if|whether)|i'd like to ask|please (?:repeat|rephrase|clarify)|was that|was it|were you|did you mean|when you say|what do you mean|do you want|would you like|how (?:fast|big|many|much|long|often)(?: \w+)? (?:is|are|do|does|should|would|will)|what was the|what kind of|which one|i didn't catch|i missed|say that again)\b/;

/** Tags that turn an answer into a question for the interviewer at its end. */
export const ASKS_AT_END =
  /\b(?:does that (?:answer your question|make sense|help|sound (?:right|reasonable|ok|okay|good|fair)(?: to you)?)|is that (?:the kind of thing|what) you (?:were|are) (?:looking for|after)|is that (?:ok|okay|all right|alright|enough|fair)|should i go (?:deeper|into more detail|on)|do you want me to (?:go on|continue|go deeper|expand))$/;

/** The candidate saying the answer is over. */
export const SAYS_DONE = new RegExp(
  [
    "that's (?:pretty much |about |basically |literally |really |just |honestly )?(?:it|all|everything|me done|me finished)(?: really| for me| from me| from my side| on (?:that|this)(?: one)?)?",
    "that's (?:pretty much |about |basically )?(?:everything|all) (?:i can think of|i wanted to say|i want to say|i had to say|i've got to say)(?: (?:on|for|about) (?:\\S+ ){0,2}\\S+)?",
    "(?:that|this)(?:'s| is) my (?:full |whole |complete |final )?(?:answer|solution)",
    "i(?:'ve| have)? (?:finished|completed) (?:my answer|answering)",
    "that's (?:pretty much |about |basically )?all (?:i have|i've got|i got|from me|from my side|there is to (?:say|it)|i can (?:say|think of))(?: to say)?(?: (?:on|for|about) (?:\\S+ ){0,2}\\S+)?",
    "that(?:'s|'d be|'ll be| is| would be) my (?:final )?answer",
    "that(?:'s| is| would be) the end of my answer",
    "i'm (?:done|finished)",
    "i think (?:that covers it|i've covered (?:it|everything|that))",
    'that covers it',
    "(?:i(?:'ve| have) )?(?:nothing|not got anything) (?:more|else) to add(?: from (?:me|my side))?",
    "i(?:'ll| will) (?:stop|leave it|wrap up|finish|end) (?:there|here)(?: now)?(?: and you can (?:\\S+ ){0,5}\\S+)?",
    "i(?:'ll| will) stop talking(?: now)?",
    "i(?:'ll| will) leave it at that",
    'over to you',
  ]
    .map((phrase) => `\\b(?:${phrase})$`)
    .join('|'),
);

export const SAYS_FINAL_ANSWER = /\bthat's my (?:final )?answer\b/;

/** Nouns a candidate announces a count of: "there are three reasons", "the two metrics I'd …". */
const COUNTED =
  '(?:things|reasons|steps|ways|parts|points|options|approaches|problems|issues|lessons|areas|questions|factors|stages|phases|metrics|kpis|sides|goals|priorities|principles|changes|risks|challenges|types|kinds|categories|pillars|levels|criteria|skills|qualities|examples|mistakes|stakeholders|teams)';
const COUNT = '(?:two|three|four|five|a few|a couple of|several|a number of|2|3|4|5)';
const HEDGE = '(?:(?:kind of|sort of|basically|really|like|probably|maybe|about|roughly) )?';

/** A sequence announced: "there are three things", "two ways to do this", "the two metrics". */
export const ANNOUNCES = new RegExp(
  `^(?:(?:so|well|okay|um) )*${COUNT}(?: main| key| big)? ${COUNTED}\\b|\\b(?:(?:there(?:'s| are| is| were)|there're|i have|i've got|we had|i see|i'd (?:say|do|look at|break it into)|in|into) ${HEDGE}${COUNT}(?: \\w+){0,3}? ${COUNTED}\\b|(?:the|my|our) ${COUNT}(?: main| key| biggest| big)? ${COUNTED}\\b|\\b(?:has|have|had|found|find|made|make|see|saw|use|used|follow|followed|run|ran|identified|spotted|hit) ${HEDGE}${COUNT}(?: main| key| big| different| separate| distinct)? ${COUNTED}\\b|${COUNT} (?:ways|things|options|approaches) to\\b)`,
);

export const NUMBER_OF: Record<string, number> = {
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

/** A count of something, then an enumeration begun: "two campaigns that quarter, one on TikTok". */
export const ENUMERATES = new RegExp(
  `\\b${COUNT}(?: \\w+)? (?!(?:percent|users|people|minutes|hours|days|weeks|months|years|seconds|times|dollars|pounds|euros|metres|meters|miles|kilometres|points)\\b)\\w+s\\b(?=(?: \\w+){0,4} (?:one|the first one)\\b)`,
);

/** A first step inside a sentence: "what I'd do is first I'd ring the carrier". */
export const FIRST_STEP_INSIDE =
  /\b(?:is|was|would be|will be) first\b|\bfirst (?:i|we)(?:'d| would| will| should)\b/;

/** Step words that show a sequence going on after "first". */
export const NEXT_STEP =
  /\b(?:then|second|secondly|next|after that|afterwards|finally|lastly|also|another|the other|on the other|and (?:the|a|my)? ?(?:second|last|other))\b/;

/** A sentence opening a sequence: "First, …", "The first thing I'd do is …", "On the technical side, …". */
export const OPENS_SEQUENCE =
  /^(?:(?:so|okay|well|and|um|uh)\b ?)*(?:first(?:ly)?(?: of all)?\b|to start with\b|to begin with\b|the first (?:thing|step|one|reason|part|way|issue|problem|point)\b|on the one hand\b|on the \w+ side\b)/;

/** A story stopped at its situation or task: the listener waits for what the candidate did. */
export const STORY_SET_UP =
  /^(?:and |so )?(?:the|my|our) (?:task|situation|goal|challenge|context|background)\b.* (?:was|is)\b|^(?:so |and |okay so |well )?(?:that's|that was|this is|this was) (?:the|my|our) (?:situation|background|context|set-?up)$|\b(?:there was|there's|was) (?:this|one) time\b/;

/** A question the candidate asks themself before answering it: "So what did I do?" */
export const RHETORICAL =
  /^(?:so |and |but |now )?(?:what|how|why|where|who) (?:did|do|does|was|were|would|could|should|is)\b/;

/** Asked of oneself, whatever follows: the interviewer cannot know "what did I learn". */
export const ASKS_ITSELF =
  /^(?:so |and |but |now )?(?:what|how|why|where|who) (?:did|was|were) (?:i|we)\b/;

/** Hedging adverbs an answer may end on ("standard RAG, basically"), open only after these words. */
export const TRAILING_HEDGES = words('basically really honestly actually mostly essentially');
export const BEFORE_AN_OPEN_HEDGE = words(
  "so and but or because like it's that's is was are were i we it he she they i'm we're",
);

/** Determiners before a noun: "a box that" opens a relative clause, "with that" does not. */
export const DETERMINERS = words('a an the some each every any another one this our my their your');

/** A last sentence of only a closing tag after what was said: "Yeah." */
export const CLOSING_TAG = /^(?:so )?(?:yeah|yep|yes|yup)(?: yeah)?$/;
