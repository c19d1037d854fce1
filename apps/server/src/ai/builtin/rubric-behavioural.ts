import type { DimensionScore } from '@candor/shared';
import type { AnswerFeatures } from './features';
import {
  BLAME,
  GENERIC,
  LEARNING,
  NUMBER_WORDS,
  RESULT,
  SITUATION,
  TASK,
  TIME,
  actions,
  personCounts,
} from './story';
import { clarity, clamp, firstSentence, type Rubric } from './rubric-shared';

/**
 * The behavioural rubric: a story is judged on ownership (what the candidate did, in the first
 * person), structure (situation, task, action, result) and specificity (numbers, names, time),
 * plus clarity. Technical terms play no part: "Tell me about a time you disagreed" is not a
 * vocabulary test.
 */

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
  // Said of the pronouns as spoken, every form counted: "I" five times is never outweighed by three "we"s.
  const person = personCounts(f.analysis.text);
  if (person.we > person.i) parts.push(`"We" (${person.we}) outweighed "I" (${person.i}).`);
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
