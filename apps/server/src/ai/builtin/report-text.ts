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
  return { strengths, improvements, missed };
}

export function recommendationsFor(o: {
  input: ReportInput;
  topics: BankTopic[];
  skillBreakdown: { skill: string; score: number }[];
  scored: Scored[];
  missed: string[];
  examples: number;
  speech: Speech;
}) {
  const weakTopics = o.topics.filter((t) => {
    const s = o.skillBreakdown.find((x) => x.skill === t.topic);
    return !s || s.score < 70;
  });
  const structure = mean(o.scored.map((s) => s.evaluation.features.structure));
  const storiesWithoutResult = o.scored.some(
    (s) => s.kind === 'behavioural' && !s.evaluation.tags.includes('result'),
  );
  return {
    learningResources: [
      ...new Set((weakTopics.length > 0 ? weakTopics : o.topics).flatMap((t) => t.resources)),
    ].slice(0, 6),
    practiceAreas: [
      ...weakTopics.slice(0, 3).map((t) => `${t.topic} at ${o.input.interview.difficulty} level`),
      ...o.missed.slice(0, 3).map((p) => `Explaining: ${p}`),
    ],
    interviewTips: [
      ...(o.examples === 0 || storiesWithoutResult
        ? [
            'Use the STAR method (Situation, Task, Action, Result) and give a concrete example from your own work, ending with a measurable result.',
          ]
        : []),
      ...(structure < 1
        ? [
            'Signpost your answers: state your main point first, then the reasons ("first", "because", "finally").',
          ]
        : []),
      ...(o.speech.fillerRate >= 3
        ? ['Pause silently instead of saying "um" or "uh"; a short pause sounds more confident.']
        : []),
      ...(o.speech.wordsPerMinute !== null && o.speech.wordsPerMinute > 180
        ? ['Slow down a little: aim for about 130 to 160 words per minute.']
        : []),
      ...(o.speech.wordsPerMinute !== null && o.speech.wordsPerMinute < 100
        ? ['Keep a steadier pace: aim for about 130 to 160 words per minute.']
        : []),
      'Think out loud: say how you approach a problem, not only the final answer.',
    ],
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
