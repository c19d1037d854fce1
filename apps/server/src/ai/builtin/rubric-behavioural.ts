import type { DimensionScore } from '@candor/shared';
import type { AnswerFeatures } from './features';
import type { Analysis } from './nlp';
import { clarity, clamp, firstSentence, type Rubric } from './rubric-shared';

/**
 * The behavioural rubric: a story is judged on ownership (what the candidate did, in the first
 * person), structure (situation, task, action, result) and specificity (numbers, names, time),
 * plus clarity. Technical terms play no part: "Tell me about a time you disagreed" is not a
 * vocabulary test.
 */

const SITUATION =
  /\b(at my (last|previous|current|old|first) (job|company|team|role|employer|workplace)|at (a|an|our|my) \w*\s?(company|startup|agency|bank|client|job|team)|in my (last|previous|current|first|old) (job|role|team|company|position)|(last|this|that) (year|month|week|quarter|summer|spring|autumn|fall|winter|sprint)|(a few|two|three|four|five|several|\d+) (years?|months?|weeks?) ago|when i (was|joined|started)|once|our (team|app|service|product|website|company|releases|customer)|the (project|situation|context|problem) was|we had|there was|during (a|an|the|our))\b/i;
const TASK =
  /\b(i was (responsible|asked|the|in charge|tasked|leading|assigned|on call|the only)|my (role|task|job|responsibility|goal|part) (was|is)|i (owned|led|volunteered|was given)|i had to|i needed to|the goal was|we needed to|i was asked)\b/i;
const RESULT =
  /\b(as a result|in the end|the result|the outcome|afterwards|after (that|the|a) \w+|(dropped|went|fell|rose|increased|decreased|reduced|improved|grew|cut|moved) (from|to|by|down|up)|\d+ ?(%|percent)|percent|saved|shipped|launched|delivered|hit (the|our|two)|on time|stopped|nobody|within (a|\d+|two|three|a few)|by the end|ended up|now (we|i|the|our))\b/i;
const LEARNING =
  /\b(i learned|i learnt|lesson|taught me|i took away|took away|next time|since then|what i learned|i now|now i|i'?d do differently)\b/i;
const GENERIC =
  /\b(i always|i usually|i just|i try to|i'?m (a|very|really) (fast|quick|good|open|team)|in general|generally|everyone|communication is (key|important|the most important)|team player|it depends|i get along|i'?m always available|things like that|and so on|is a gift|is very important|is the most important)\b/gi;
const BLAME =
  /\b(wasn'?t (really )?(anyone'?s|my) fault|not my fault|the client didn'?t know|(they|he|she) (messed|screwed) up)\b/i;
const NUMBER_WORDS =
  /\b(\d+(\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|half|dozen)\b/gi;
const TIME =
  /\b(\d+|a|one|two|three|four|five|six|a few|several) (minutes?|hours?|days?|weeks?|months?|quarters?|years?|sprints?)\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|overnight)\b|\bin (19|20)\d\d\b/gi;

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

/** Past-tense actions after "I" (or "we"): "I proposed", "I then wrote", "we shipped". */
function actions(a: Analysis, subject: 'i' | 'we'): string[] {
  const out: string[] = [];
  a.tokens.forEach((t, i) => {
    if (t.lower !== subject) return;
    for (let j = i + 1; j <= i + 3 && j < a.tokens.length; j++) {
      const v = a.tokens[j]!;
      if (v.sentence !== t.sentence) break;
      if (v.pos === 'VERB' && v.lower !== v.lemma && !NOT_ACTIONS.has(v.lemma)) {
        out.push(v.lower);
        break;
      }
      if (!['ADV', 'AUX', 'PART'].includes(v.pos)) break;
    }
  });
  return out;
}

interface Story {
  situation: boolean;
  task: boolean;
  action: number;
  result: boolean;
  learning: boolean;
  iActions: string[];
  weActions: string[];
  numbers: number;
  names: number;
  times: number;
  generic: number;
  blame: boolean;
}

function story(f: AnswerFeatures): Story {
  const text = f.analysis.text;
  const iActions = actions(f.analysis, 'i');
  const weActions = actions(f.analysis, 'we');
  const names = f.analysis.tokens.filter(
    (t, i) =>
      t.pos === 'PROPN' && t.lower !== 'i' && f.analysis.tokens[i - 1]?.sentence === t.sentence,
  ).length;
  return {
    situation: SITUATION.test(text),
    task: TASK.test(text),
    action: iActions.length >= 2 ? 1 : iActions.length === 1 || weActions.length >= 2 ? 0.6 : 0,
    result: RESULT.test(text),
    learning: LEARNING.test(text),
    iActions,
    weActions,
    numbers: (text.match(NUMBER_WORDS) ?? []).length,
    names,
    times: (text.match(TIME) ?? []).length,
    generic: (text.match(GENERIC) ?? []).length,
    blame: BLAME.test(text),
  };
}

const sentencesMatching = (f: AnswerFeatures, re: RegExp, max = 1) =>
  f.sentences.filter((s) => new RegExp(re.source, 'i').test(s)).slice(0, max);

function ownership(f: AnswerFeatures, s: Story): DimensionScore {
  const mine = s.iActions.length;
  const share = mine + s.weActions.length === 0 ? 0.5 : mine / (mine + s.weActions.length);
  const score = clamp(
    20 +
      Math.min(40, 8 * mine) +
      20 * share +
      (s.task ? 10 : 0) +
      (s.learning ? 10 : 0) -
      (s.blame ? 15 : 0),
  );
  const parts = [
    mine > 0
      ? `Said what you did yourself ${mine} time(s) (${[...new Set(s.iActions)].slice(0, 5).join(', ')}).`
      : 'Did not say what you yourself did: describe your own actions with "I".',
  ];
  if (s.weActions.length > mine)
    parts.push(`"We" (${s.weActions.length}) outweighed "I" (${mine}).`);
  if (s.blame) parts.push('Part of the answer put the blame elsewhere.');
  if (s.learning) parts.push('Said what you learned.');
  const evidence = f.sentences.filter((x) => /\bI (\w+ )?\w+ed\b/.test(x)).slice(0, 2);
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? evidence : firstSentence(f),
  };
}

function structure(f: AnswerFeatures, s: Story): DimensionScore {
  const star = clamp(
    10 +
      (s.situation ? 20 : 0) +
      (s.task ? 15 : 0) +
      25 * s.action +
      (s.result ? 25 : 0) +
      (s.learning ? 5 : 0),
  );
  const score = f.coverage === null ? star : clamp(0.65 * star + 0.35 * (15 + 85 * f.coverage));
  const present = [
    s.situation && 'situation',
    s.task && 'task',
    s.action >= 1 && 'action',
    s.result && 'result',
  ].filter(Boolean);
  const absent = ['situation', 'task', 'action', 'result'].filter((x) => !present.includes(x));
  const parts = [
    present.length > 0
      ? `The story has ${present.join(', ')}${absent.length > 0 ? `; missing: ${absent.join(', ')}` : ' (a complete STAR answer)'}.`
      : 'No story: no situation, task, action or result from your own experience.',
  ];
  if (f.coverage !== null) {
    const covered = f.keyPoints.filter((k) => k.coverage !== 'missed').length;
    parts.push(`Touched ${covered} of ${f.keyPoints.length} points a strong answer covers.`);
  }
  const evidence = [...sentencesMatching(f, SITUATION), ...sentencesMatching(f, RESULT)];
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? [...new Set(evidence)] : firstSentence(f),
  };
}

function specificity(f: AnswerFeatures, s: Story): DimensionScore {
  const score = clamp(
    15 +
      Math.min(30, 6 * s.numbers) +
      Math.min(15, 5 * s.names) +
      Math.min(15, 5 * s.times) +
      (f.words >= 80 ? 15 : f.words >= 40 ? 8 : 0) +
      (s.situation ? 10 : 0) -
      Math.min(25, 8 * s.generic),
  );
  const parts = [
    s.numbers + s.times > 0
      ? `Gave concrete detail: ${s.numbers} number(s) and ${s.times} time reference(s).`
      : 'No numbers, dates or durations: say how big, how long and how much changed.',
  ];
  if (s.generic > 0)
    parts.push(
      `${s.generic} general statement(s) ("I always…", "communication is key") instead of a real example.`,
    );
  const evidence = sentencesMatching(f, NUMBER_WORDS, 2);
  return {
    score,
    explanation: parts.join(' '),
    evidence: evidence.length > 0 ? evidence : firstSentence(f),
  };
}

export const behaviouralRubric: Rubric = (f) => {
  const s = story(f);
  return {
    accuracy: ownership(f, s),
    completeness: structure(f, s),
    technicalDepth: specificity(f, s),
    clarity: clarity(f),
  };
};

/** Which parts of a STAR story the answer has, for tags and feedback. */
export function starParts(f: AnswerFeatures): string[] {
  const s = story(f);
  return [
    s.situation && 'situation',
    s.task && 'task',
    s.action >= 1 && 'action',
    s.result && 'result',
  ].filter((x): x is string => typeof x === 'string');
}
