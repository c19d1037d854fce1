import { interviewMinutes, type QuestionKind } from '@candor/shared';
import {
  conversationSpeech,
  unscoreableReason,
  type QaPair,
  type ReportInput,
} from '../report-input';
import type { AiReportResult, QuestionAnalysisItem } from '../report-result';
import { topicsFor, type BankTopic } from './bank';
import { evaluateAnswer, questionScore, type AnswerEvaluation } from './evaluator';
import { containsTerm, analyse } from './nlp';
import { nonAnswer } from './non-answer';
import { resolveKinds } from './question-kind';
import { codingSolving } from './rubric-coding';
import { clamp } from './rubric-shared';
import {
  recommendationsFor,
  strengthsAndImprovements,
  speechSummary,
  type Scored,
} from './report-text';

export { speechSummary };

/** The set's bank topics, and the technical terms the evaluator credits (technical topics only). */
export function vocabularyFor(input: ReportInput): { topics: BankTopic[]; vocabulary: string[] } {
  const topics = topicsFor(input.interview.topics, input.interview.category);
  const technical = topics.filter((t) => t.kind === 'technical');
  return { topics, vocabulary: [...new Set(technical.flatMap((t) => t.vocabulary))] };
}

export const mean = (xs: number[]) =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** The kinds of the attempt's questions, and the pairs that count towards its scores. */
export function countedPairs(input: ReportInput) {
  const kinds = resolveKinds(input.pairs, input.interview);
  const counted = input.pairs.filter((_, i) => kinds[i] !== 'warm-up');
  // Speech too unclear to score was still an answer (the fault is the microphone's); silence and
  // "I don't know" were not.
  const answered = counted.filter(
    (p) => p.answer.trim() !== '' && nonAnswer(p.answer) === null,
  ).length;
  // Warm-ups are not counted against anyone, planned or not.
  const warmUps = input.pairs.length - counted.length;
  const planned = Math.max(
    counted.length,
    (input.interview.plannedQuestions ?? input.pairs.length) - warmUps,
  );
  return { kinds, answered, planned };
}

/** Scores every answer that can be scored with its kind's rubric; warm-ups are left out. */
export function scoreAnswers(input: ReportInput, kinds: QuestionKind[]): Scored[] {
  const { topics, vocabulary } = vocabularyFor(input);
  const scored: Scored[] = [];
  input.pairs.forEach((pair: QaPair, i) => {
    const kind = kinds[i]!;
    if (kind === 'warm-up' || unscoreableReason(pair) !== null) return;
    const evaluation = evaluateAnswer(pair, kind, { vocabulary, topics, attempt: input.pairs });
    scored.push({
      index: i + 1,
      question: pair.question,
      answer: pair.answer,
      kind,
      evaluation,
      score: questionScore(evaluation.dimensions),
    });
  });
  return scored;
}

function mentions(topic: BankTopic, text: string): boolean {
  const a = analyse(text);
  return [topic.topic, ...topic.aliases, ...topic.vocabulary].some((t) => containsTerm(a, t));
}

/**
 * Skills: each of the set's topics scored from the answers of its own kind that touched it (all
 * of them when it is the only topic of its kind); a behavioural topic never rests on technical
 * answers, nor a technical one on stories.
 */
function skillsOf(topics: BankTopic[], scored: Scored[], category: string) {
  const skills = topics
    .map((topic) => {
      const sameKind = scored.filter((s) => s.kind === topic.kind);
      const alone = topics.filter((t) => t.kind === topic.kind).length === 1;
      const related = alone
        ? sameKind
        : sameKind.filter((s) => mentions(topic, `${s.question} ${s.answer}`));
      return {
        skill: topic.topic,
        score: Math.round(mean(related.map((s) => s.score))),
        n: related.length,
      };
    })
    .filter((s) => s.n > 0)
    .map(({ skill, score }) => ({ skill, score }));
  if (skills.length === 0 && scored.length > 0) {
    skills.push({ skill: category, score: Math.round(mean(scored.map((s) => s.score))) });
  }
  return skills;
}

/** Builtin report: the AI report result computed from measurable features of the answers. */
export function builtinReport(input: ReportInput): AiReportResult {
  const { topics } = vocabularyFor(input);
  const { kinds, answered, planned } = countedPairs(input);
  const scored = scoreAnswers(input, kinds);
  const technical = scored.filter((s) => s.kind === 'technical');
  const behavioural = scored.filter((s) => s.kind === 'behavioural');
  const coding = scored.filter((s) => s.kind === 'coding');
  // How the candidate spoke, over every answer given: the figures the speech card shows.
  const speech = conversationSpeech(input);
  const dim = (list: Scored[], k: keyof AnswerEvaluation['dimensions']) =>
    mean(list.map((s) => s.evaluation.dimensions[k].score));
  const features = scored.map((s) => s.evaluation.features);
  const answeredShare = planned > 0 ? Math.min(1, answered / planned) : 1;
  const meanScore = mean(scored.map((s) => s.score));
  const overall = scored.length === 0 ? 0 : clamp(meanScore * answeredShare);
  const avgWords = speech.averageAnswerWords;
  const hedgesPerAnswer = mean(features.map((f) => f.hedges));
  const examples = features.reduce((n, f) => n + f.examples, 0);
  const coverage = features.filter((f) => f.coverage !== null).map((f) => f.coverage!);

  // Each dimension rests only on the answers that measure it: problem solving on technical
  // accuracy and depth, on a coding answer's tests and approach, and on how a story's actions led
  // to a result (structure, specificity).
  const solving = [
    ...coding.map((s) => codingSolving(s.evaluation.dimensions)),
    // A design's requirements, blocks and flows, estimates and trade-offs (issue 29): the three
    // slots other than communication, as a coding answer's.
    ...scored
      .filter((s) => s.kind === 'system-design')
      .map((s) => codingSolving(s.evaluation.dimensions)),
    ...technical.map((s) =>
      mean([s.evaluation.dimensions.accuracy.score, s.evaluation.dimensions.technicalDepth.score]),
    ),
    ...behavioural.map((s) =>
      mean([
        s.evaluation.dimensions.completeness.score,
        s.evaluation.dimensions.technicalDepth.score,
      ]),
    ),
  ];
  const communication =
    scored.length === 0
      ? 0
      : clamp(0.7 * dim(scored, 'clarity') + 0.3 * (100 - speech.fillerRate * 8));
  const problemSolving = scored.length === 0 ? 0 : clamp(mean(solving));
  const confidence =
    scored.length === 0
      ? 0
      : clamp(
          75 -
            5 * hedgesPerAnswer -
            2 * speech.fillerRate +
            (avgWords >= 40 ? 10 : avgWords < 15 ? -15 : 0) +
            (examples > 0 || behavioural.length > 0 ? 5 : 0),
        );

  const skillBreakdown = skillsOf(topics, scored, input.interview.category);
  const { strengths, improvements } = strengthsAndImprovements({
    technical,
    behavioural,
    scored,
    coverage,
    examples,
    speech,
    hedgesPerAnswer,
    avgWords,
    answered,
    planned,
  });
  const recommendations = recommendationsFor({
    input,
    topics,
    skillBreakdown,
    scored,
    speech,
  });

  const questionAnalysis: QuestionAnalysisItem[] = scored.map((s) => {
    const d = s.evaluation.dimensions;
    return {
      index: s.index,
      question: s.question,
      answer: s.answer,
      kind: s.kind,
      evaluation: {
        accuracy: d.accuracy.score,
        completeness: d.completeness.score,
        technicalDepth: d.technicalDepth.score,
        clarity: d.clarity.score,
        feedback: s.evaluation.comment,
      },
      explanations: {
        accuracy: d.accuracy.explanation,
        completeness: d.completeness.explanation,
        technicalDepth: d.technicalDepth.explanation,
        clarity: d.clarity.explanation,
      },
      evidence: {
        accuracy: d.accuracy.evidence,
        completeness: d.completeness.evidence,
        technicalDepth: d.technicalDepth.evidence,
        clarity: d.clarity.evidence,
      },
    };
  });

  const warmUps = kinds.filter((k) => k === 'warm-up').length;
  const notes = [
    planned - answered > 0
      ? `${planned - answered} question(s) not answered (including "I don't know" and the like) counted against the score`
      : '',
    warmUps > 0 ? `${warmUps} warm-up answer(s) given feedback only, not scored` : '',
  ].filter(Boolean);
  const overallFeedback =
    scored.length === 0
      ? 'None of the answers could be scored, so no score could be given honestly. Answers with too little clear speech, warm-ups and replies such as "I don\'t know" are not scored. Try again in a quiet place, speaking close to the microphone, or type your answers.'
      : `Overall ${overall}/100 from ${scored.length} scored answer(s)${notes.length > 0 ? `; ${notes.join('; ')}` : ''}. Problem solving ${problemSolving}, communication ${communication}, confidence ${confidence}.`;

  return {
    overview: {
      totalQuestions: input.pairs.length,
      interviewDuration: interviewMinutes(input.interview.actualMinutes * 60_000),
      category: input.interview.category,
      difficulty: input.interview.difficulty,
      topicsCovered: skillBreakdown.map((s) => s.skill),
    },
    performanceAnalysis: {
      overallScore: overall,
      communication: {
        score: communication,
        feedback: `Clarity averaged ${Math.round(dim(scored, 'clarity'))}/100; filler words were ${speech.fillerRate}% of your words${speech.wordsPerMinute !== null ? ` and you spoke at ${speech.wordsPerMinute} words per minute` : ''}.`,
      },
      problemSolving: {
        score: problemSolving,
        feedback: [
          technical.length > 0
            ? `Technical answers: accuracy ${Math.round(dim(technical, 'accuracy'))}/100 and technical depth ${Math.round(dim(technical, 'technicalDepth'))}/100${coverage.length > 0 ? `, ${Math.round(mean(coverage) * 100)}% of expected key points covered` : ''}.`
            : '',
          coding.length > 0
            ? `Coding answers: correctness ${Math.round(dim(coding, 'accuracy'))}/100 (tests passed), edge cases ${Math.round(dim(coding, 'completeness'))}/100 and complexity ${Math.round(dim(coding, 'technicalDepth'))}/100.`
            : '',
          behavioural.length > 0
            ? `Behavioural answers: story structure ${Math.round(dim(behavioural, 'completeness'))}/100 and specificity ${Math.round(dim(behavioural, 'technicalDepth'))}/100.`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      },
      confidence: {
        score: confidence,
        feedback: `${hedgesPerAnswer.toFixed(1)} hedging phrase(s) per answer, answers of ${Math.round(avgWords)} words on average, ${examples} concrete example(s).`,
      },
    },
    detailedFeedback: { strengths, improvementAreas: improvements, overallFeedback },
    questionAnalysis,
    skillBreakdown,
    recommendations,
    additionalInsights: speechSummary(speech),
  };
}
