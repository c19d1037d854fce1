import {
  keyPointCoverage,
  RUBRIC_LABELS,
  type QuestionKind,
  type analyseConversation,
} from '@candor/shared';
import type { ReportInput } from '../report-input';
import type { BankTopic } from './bank';
import type { AnswerEvaluation } from './evaluator';

/** The words of a builtin report: strengths, areas to improve, recommendations, speech summary. */

/** A scored answer of the report (report.ts), as the words about it read it. */
export interface Scored {
  index: number;
  question: string;
  answer: string;
  kind: Exclude<QuestionKind, 'warm-up'>;
  evaluation: AnswerEvaluation;
  score: number;
}

type Speech = ReturnType<typeof analyseConversation>;
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

const STRENGTH_LABELS = {
  technical: {
    accuracy: 'Accurate, relevant technical answers',
    completeness: 'Complete technical answers that covered the question',
    technicalDepth: 'Technical depth: precise vocabulary and concrete detail',
    clarity: 'Clear, well-structured delivery',
  },
  behavioural: {
    accuracy: 'Ownership: you said clearly what you did yourself',
    completeness: 'Well-structured stories (situation, task, action, result)',
    technicalDepth: 'Specific stories with numbers, names and time',
    clarity: 'Clear, well-structured delivery',
  },
} as const;

export function strengthsAndImprovements(o: {
  technical: Scored[];
  behavioural: Scored[];
  scored: Scored[];
  coverage: number[];
  examples: number;
  speech: Speech;
  hedgesPerAnswer: number;
  avgWords: number;
  answered: number;
  planned: number;
}) {
  const strengths: string[] = [];
  const improvements: string[] = [];
  for (const [kind, list] of [
    ['technical', o.technical],
    ['behavioural', o.behavioural],
  ] as const) {
    if (list.length === 0) continue;
    const keys = ['accuracy', 'completeness', 'technicalDepth'] as const;
    for (const k of keys) {
      const v = Math.round(mean(list.map((s) => s.evaluation.dimensions[k].score)));
      if (v >= 70) strengths.push(`${STRENGTH_LABELS[kind][k]} (average ${v}/100).`);
      else if (v < 60) {
        const worst = list
          .map((s) => s.evaluation.dimensions[k])
          .sort((a, b) => a.score - b.score)[0]!;
        improvements.push(`${RUBRIC_LABELS[kind][k]} (average ${v}/100): ${worst.explanation}`);
      }
    }
  }
  if (o.scored.length > 0) {
    const clarity = Math.round(mean(o.scored.map((s) => s.evaluation.dimensions.clarity.score)));
    if (clarity >= 70)
      strengths.push(`${STRENGTH_LABELS.technical.clarity} (average ${clarity}/100).`);
    else if (clarity < 60) {
      const worst = o.scored
        .map((s) => s.evaluation.dimensions.clarity)
        .sort((a, b) => a.score - b.score)[0]!;
      improvements.push(`Clarity (average ${clarity}/100): ${worst.explanation}`);
    }
  }
  if (o.coverage.length > 0 && mean(o.coverage) >= 0.75) {
    strengths.push(`Covered ${Math.round(mean(o.coverage) * 100)}% of the expected key points.`);
  }
  if (o.examples > 0) strengths.push(`Backed answers with ${o.examples} concrete example(s).`);
  if (o.speech.totalWords > 30 && o.speech.fillerRate < 2)
    strengths.push('Spoke with very few filler words.');
  const points = o.scored.flatMap((s) => s.evaluation.keyPoints);
  const missed = points.filter((k) => keyPointCoverage(k) === 'missed').map((k) => k.point);
  const partial = points.filter((k) => keyPointCoverage(k) === 'partial').map((k) => k.point);
  for (const point of missed.slice(0, 3)) improvements.push(`Missed key point: '${point}'.`);
  for (const point of partial.slice(0, 2))
    improvements.push(`Partly covered key point: '${point}'.`);
  if (o.speech.fillerRate >= 5) {
    improvements.push(
      `Filler words made up ${o.speech.fillerRate}% of your words (${o.speech.fillerWords
        .slice(0, 3)
        .map((f) => `${f.word} ×${f.count}`)
        .join(', ')}).`,
    );
  }
  if (o.hedgesPerAnswer >= 1)
    improvements.push('Frequent hedging (I think, maybe, not sure) made answers sound unsure.');
  if (o.scored.length > 0 && o.avgWords < 30)
    improvements.push(
      `Answers averaged only ${Math.round(o.avgWords)} words; develop them further.`,
    );
  if (o.answered < o.planned)
    improvements.push(
      `Answered ${o.answered} of ${o.planned} questions; saying what you do know, or how you would find out, earns more than "I don't know".`,
    );
  return { strengths, improvements };
}

/** A question as a recommendation names it: its first sentence, cut at about ten words. */
function shortQuestion(question: string): string {
  const first = question.split(/(?<=[.?!:])\s/)[0] ?? question;
  const words = first.split(/\s+/);
  return words.length > 10 ? `${words.slice(0, 10).join(' ')}…` : first.replace(/[.?!:]$/, '');
}

/**
 * Recommendations from what this attempt showed, never a generic list (issue 28: "Use the STAR
 * method" in a coding round, "Behavioural at junior level", areas for improvement said twice):
 * resources and practice for the skills that were asked and came out weak, the coding habits its
 * runs and explanation lacked, and tips for what was measured (stories without a result, answers
 * without an example or signposts, fillers, pace). What Areas for Improvement already says (the
 * key points missed, each rubric average) is not said again here.
 */
export function recommendationsFor(o: {
  input: ReportInput;
  topics: BankTopic[];
  skillBreakdown: { skill: string; score: number }[];
  scored: Scored[];
  speech: Speech;
}) {
  const weakSkills = o.skillBreakdown.filter((s) => s.score < 70);
  const weakTopics = weakSkills.flatMap((s) => o.topics.filter((t) => t.topic === s.skill));
  const spoken = o.scored.filter((s) => s.kind !== 'coding');
  const technical = o.scored.filter((s) => s.kind === 'technical');
  const stories = o.scored.filter((s) => s.kind === 'behavioural');
  const coding = o.scored.filter((s) => s.kind === 'coding');

  const practiceAreas = weakSkills
    .slice(0, 3)
    .map((s) => `Practise ${s.skill} questions again: your answers on it scored ${s.score}/100.`);
  const interviewTips: string[] = [];
  for (const c of coding) {
    const f = c.evaluation.features;
    const tests = c.evaluation.dimensions.accuracy.score;
    if (tests < 100) {
      practiceAreas.push(
        `Problems like "${shortQuestion(c.question)}": run the examples, then submit only once you have tested the edge cases yourself (your tests: ${tests}/100).`,
      );
    }
    if (c.evaluation.dimensions.technicalDepth.evidence.length === 0) {
      interviewTips.push(
        'Say the time complexity of your solution out loud before you submit, and compare it with the brute force.',
      );
    }
    if (c.evaluation.dimensions.completeness.evidence.length === 0) {
      interviewTips.push(
        'Name the edge cases (empty input, one element, duplicates) out loud before you write the code.',
      );
    }
    if (f.words < 30) {
      interviewTips.push(
        'Think out loud while you code: say your approach before you write it, so the interviewer can follow and help.',
      );
    }
  }
  // The parts of a STAR story the stories left out (their tags are the parts they tell).
  const parts = ['situation', 'task', 'action', 'result'];
  const leftOut = parts.filter((p) => stories.some((s) => !s.evaluation.tags.includes(p)));
  if (leftOut.length > 0) {
    interviewTips.push(
      `Tell each story with the STAR method (Situation, Task, Action, Result): yours left out the ${leftOut.join(' and the ')}.`,
    );
  }
  if (technical.length > 0 && technical.every((s) => s.evaluation.features.examples === 0)) {
    interviewTips.push(
      'Back a technical answer with an example from your own work: where you used it, and what happened.',
    );
  }
  if (spoken.length > 0 && mean(spoken.map((s) => s.evaluation.features.structure)) < 1) {
    interviewTips.push(
      'Signpost your answers: state your main point first, then the reasons ("first", "because", "finally").',
    );
  }
  if (o.speech.fillerRate >= 3) {
    interviewTips.push(
      'Pause silently instead of saying "um" or "uh"; a short pause sounds more confident.',
    );
  }
  if (o.speech.wordsPerMinute !== null && o.speech.wordsPerMinute > 180) {
    interviewTips.push('Slow down a little: aim for about 130 to 160 words per minute.');
  }
  if (o.speech.wordsPerMinute !== null && o.speech.wordsPerMinute < 100) {
    interviewTips.push('Keep a steadier pace: aim for about 130 to 160 words per minute.');
  }
  return {
    learningResources: [...new Set(weakTopics.flatMap((t) => t.resources))].slice(0, 6),
    practiceAreas,
    interviewTips: [...new Set(interviewTips)],
  };
}

export function speechSummary(speech: Speech): string {
  const parts = [
    `You gave ${speech.answers} answer(s) averaging ${speech.averageAnswerWords} words.`,
  ];
  if (speech.wordsPerMinute !== null)
    parts.push(`You spoke at ${speech.wordsPerMinute} words per minute.`);
  parts.push(
    speech.fillerCount > 0
      ? `Filler words: ${speech.fillerWords.map((f) => `${f.word} ×${f.count}`).join(', ')}.`
      : 'No filler words.',
  );
  if (speech.longestPauseSeconds !== null)
    parts.push(`Longest pause: ${speech.longestPauseSeconds} s.`);
  if (speech.talkTimeShare !== null)
    parts.push(`You spoke ${Math.round(speech.talkTimeShare * 100)}% of the time.`);
  return parts.join(' ');
}
