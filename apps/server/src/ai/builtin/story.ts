import type { Analysis } from './nlp';

/** The words of a STAR story (situation, task, action, result) and of the lack of one. */

export const SITUATION =
  /\b(at my (last|previous|current|old|first) (job|company|team|role|employer|workplace)|at (a|an|our|my) \w*\s?(company|startup|agency|bank|client|job|team)|in my (last|previous|current|first|old) (job|role|team|company|position)|(last|this|that) (year|month|week|quarter|summer|spring|autumn|fall|winter|sprint)|(a few|two|three|four|five|several|\d+) (years?|months?|weeks?) ago|when i (was|joined|started)|once|our (team|app|service|product|website|company|releases|customer)|the (project|situation|context|problem) was|we had|there was|during (a|an|the|our))\b/i;
export const TASK =
  /\b(i was (responsible|asked|the|in charge|tasked|leading|assigned|on call|the only)|my (role|task|job|responsibility|goal|part) (was|is)|i (owned|led|volunteered|was given)|i had to|i needed to|the goal was|we needed to|i was asked)\b/i;
export const RESULT =
  /\b(as a result|in the end|the result|the outcome|afterwards|after (that|the|a) \w+|(dropped|went|fell|rose|increased|decreased|reduced|improved|grew|cut|moved) (from|to|by|down|up)|\d+ ?(%|percent)|percent|saved|shipped|launched|delivered|hit (the|our|two)|on time|stopped|nobody|within (a|\d+|two|three|a few)|by the end|ended up|now (we|i|the|our))\b/i;
export const LEARNING =
  /\b(i learned|i learnt|lesson|taught me|i took away|took away|next time|since then|what i learned|i now|now i|i'?d do differently)\b/i;
export const GENERIC =
  /\b(i always|i usually|i just|i try to|i'?m (a|very|really) (fast|quick|good|open|team)|in general|generally|everyone|communication is (key|important|the most important)|team player|it depends|i get along|i'?m always available|things like that|and so on|is a gift|is very important|is the most important)\b/gi;
export const BLAME =
  /\b(wasn'?t (really )?(anyone'?s|my) fault|not my fault|the client didn'?t know|(they|he|she) (messed|screwed) up)\b/i;
export const NUMBER_WORDS =
  /\b(\d+(\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|half|dozen)\b/gi;
export const TIME =
  /\b(\d+|a|one|two|three|four|five|six|a few|several) (minutes?|hours?|days?|weeks?|months?|quarters?|years?|sprints?)\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|overnight)\b|\bin (19|20)\d\d\b/gi;

/**
 * How often the story speaks as "I" (I, I'm, I've, I'd, I'll, me, my, mine, myself) and as "we"
 * (we, we're, us, our…): every form counts, not only "I" before a verb.
 */
export function personCounts(text: string): { i: number; we: number } {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  const count = (re: RegExp) => (lower.match(re) ?? []).length;
  return {
    i: count(/\b(?:i(?:'m|'ve|'d|'ll)?|me|my|mine|myself)\b/g),
    we: count(/\b(?:we(?:'re|'ve|'d|'ll)?|us|our|ours|ourselves)\b/g),
  };
}

/** Verbs that report a thought or a habit, not an action: "I think", "I always like". */
const NOT_ACTIONS = new Set([
  'think',
  'guess',
  'believe',
  'know',
  'feel',
  'mean',
  'suppose',
  'like',
  'love',
  'want',
  'hope',
  'prefer',
  'enjoy',
  'guess',
  'be',
  'have',
  'do',
]);

/**
 * Verbs whose past tense is their base form ("I put a checklist in place", "I cut the scope"):
 * after "I" in a story they are told in the past as often as not, so they count as actions.
 */
const SAME_IN_THE_PAST = new Set([
  'put',
  'cut',
  'set',
  'let',
  'hit',
  'shut',
  'split',
  'spread',
  'quit',
  'read',
  'broadcast',
  'forecast',
  'upset',
]);

/** Past-tense actions after "I" (or "we"): "I proposed", "I then wrote", "we shipped". */
export function actions(a: Analysis, subject: 'i' | 'we'): string[] {
  const out: string[] = [];
  a.tokens.forEach((t, i) => {
    if (t.lower !== subject) return;
    for (let j = i + 1; j <= i + 3 && j < a.tokens.length; j++) {
      const v = a.tokens[j]!;
      if (v.sentence !== t.sentence) break;
      const past = v.lower !== v.lemma || SAME_IN_THE_PAST.has(v.lower);
      if (v.pos === 'VERB' && past && !NOT_ACTIONS.has(v.lemma)) {
        out.push(v.lower);
        break;
      }
      if (!['ADV', 'AUX', 'PART'].includes(v.pos)) break;
    }
  });
  return out;
}

/** The parts of a STAR story the answer tells, each with the first sentence that tells it. */
export function storyEvidence(
  a: Analysis,
): Record<'situation' | 'task' | 'action' | 'result' | 'learning', string | null> {
  const first = (re: RegExp) => a.sentences.find((s) => new RegExp(re.source, 'i').test(s)) ?? null;
  const acted = a.sentences.find(
    (_, i) => actions({ ...a, tokens: a.tokens.filter((t) => t.sentence === i) }, 'i').length > 0,
  );
  return {
    situation: first(SITUATION),
    task: first(TASK),
    action: actions(a, 'i').length >= 2 ? (acted ?? null) : null,
    result: first(RESULT),
    learning: first(LEARNING),
  };
}
