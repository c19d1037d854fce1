import { analyseConversation } from '@candor/shared';
import { spoken, unscoreableReason, type ReportInput } from '../report-input';
import type { AiReportResult, QuestionAnalysisItem } from '../report-result';
import { topicsFor, type BankTopic } from './bank';
import { evaluateAnswer, questionScore, type AnswerEvaluation } from './evaluator';
import { clamp, containsPhrase } from './text';

/** The vocabulary the evaluator credits: the set's topics from the bank (and the category). */
export function vocabularyFor(input: ReportInput): { topics: BankTopic[]; vocabulary: string[] } {
  const topics = topicsFor(input.interview.topics, input.interview.category);
  return { topics, vocabulary: [...new Set(topics.flatMap((t) => t.vocabulary))] };
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

interface Scored {
  index: number;
  question: string;
  answer: string;
  evaluation: AnswerEvaluation;
  score: number;
}

function mentions(topic: BankTopic, text: string): boolean {
  return [topic.topic, ...topic.aliases, ...topic.vocabulary].some((t) => containsPhrase(text, t));
}

/** Builtin report: the AI report result computed from measurable features of the answers. */
export function builtinReport(input: ReportInput): AiReportResult {
  const { topics, vocabulary } = vocabularyFor(input);
  const scored: Scored[] = [];
  input.pairs.forEach((pair, i) => {
    if (unscoreableReason(pair) !== null) return;
    const evaluation = evaluateAnswer(pair, vocabulary);
    scored.push({
      index: i + 1,
      question: pair.question,
      answer: pair.answer,
      evaluation,
      score: questionScore(evaluation.dimensions),
    });
  });
  const speech = analyseConversation(
    input.pairs.filter((p) => p.answer !== '').map(spoken),
    input.transcript.filter((m) => m.speaker === 'AI').map((m) => m.message),
  );
  const dim = (k: keyof AnswerEvaluation['dimensions']) =>
    mean(scored.map((s) => s.evaluation.dimensions[k].score));
  const features = scored.map((s) => s.evaluation.features);
  const answered = input.pairs.filter((p) => p.answer.trim() !== '').length;
  const planned = input.interview.plannedQuestions ?? input.pairs.length;
  const answeredShare = planned > 0 ? Math.min(1, answered / planned) : 1;
  const meanScore = mean(scored.map((s) => s.score));
  const overall = scored.length === 0 ? 0 : clamp(meanScore * answeredShare);
  const avgWords = mean(features.map((f) => f.words));
  const hedgesPerAnswer = mean(features.map((f) => f.hedges));
  const examples = features.reduce((n, f) => n + f.examples, 0);
  const structure = mean(features.map((f) => f.structure));
  const coverage = features.filter((f) => f.coverage !== null).map((f) => f.coverage!);

  const communication =
    scored.length === 0 ? 0 : clamp(0.7 * dim('clarity') + 0.3 * (100 - speech.fillerRate * 8));
  const problemSolving =
    scored.length === 0 ? 0 : clamp(mean([dim('accuracy'), dim('technicalDepth')]));
  const confidence =
    scored.length === 0
      ? 0
      : clamp(
          75 -
            5 * hedgesPerAnswer -
            2 * speech.fillerRate +
            (avgWords >= 40 ? 10 : avgWords < 15 ? -15 : 0) +
            (examples > 0 ? 5 : 0),
        );

  // Skills: only topics the answers actually touched.
  const skillBreakdown = topics
    .map((topic) => {
      const related =
        topics.length === 1
          ? scored
          : scored.filter((s) => mentions(topic, `${s.question} ${s.answer}`));
      return {
        skill: topic.topic,
        score: Math.round(mean(related.map((s) => s.score))),
        n: related.length,
      };
    })
    .filter((s) => s.n > 0)
    .map(({ skill, score }) => ({ skill, score }));
  if (skillBreakdown.length === 0 && scored.length > 0) {
    skillBreakdown.push({ skill: input.interview.category, score: Math.round(meanScore) });
  }

  const strengths: string[] = [];
  const improvements: string[] = [];
  const label = {
    accuracy: 'Accurate, relevant answers',
    completeness: 'Complete answers that covered the question',
    technicalDepth: 'Technical depth: precise vocabulary and concrete detail',
    clarity: 'Clear, well-structured delivery',
  } as const;
  for (const k of ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const) {
    if (scored.length === 0) break;
    const v = Math.round(dim(k));
    if (v >= 70) strengths.push(`${label[k]} (average ${v}/100).`);
    else if (v < 60)
      improvements.push(
        `${label[k]} (average ${v}/100): ${scored.map((s) => s.evaluation.dimensions[k]).sort((a, b) => a.score - b.score)[0]!.explanation}`,
      );
  }
  if (coverage.length > 0 && mean(coverage) >= 0.75) {
    strengths.push(`Covered ${Math.round(mean(coverage) * 100)}% of the expected key points.`);
  }
  if (examples > 0) strengths.push(`Backed answers with ${examples} concrete example(s).`);
  if (speech.totalWords > 30 && speech.fillerRate < 2)
    strengths.push('Spoke with very few filler words.');
  const missed = scored.flatMap((s) =>
    s.evaluation.keyPoints.filter((k) => !k.covered).map((k) => k.point),
  );
  for (const point of missed.slice(0, 3)) improvements.push(`Missed key point: '${point}'.`);
  if (speech.fillerRate >= 5) {
    improvements.push(
      `Filler words made up ${speech.fillerRate}% of your words (${speech.fillerWords
        .slice(0, 3)
        .map((f) => `${f.word} ×${f.count}`)
        .join(', ')}).`,
    );
  }
  if (hedgesPerAnswer >= 1)
    improvements.push('Frequent hedging (I think, maybe, not sure) made answers sound unsure.');
  if (scored.length > 0 && avgWords < 30)
    improvements.push(`Answers averaged only ${Math.round(avgWords)} words; develop them further.`);
  if (answered < planned) improvements.push(`Answered ${answered} of ${planned} questions.`);

  const weakTopics = topics.filter((t) => {
    const s = skillBreakdown.find((x) => x.skill === t.topic);
    return !s || s.score < 70;
  });
  const recommendations = {
    learningResources: [
      ...new Set((weakTopics.length > 0 ? weakTopics : topics).flatMap((t) => t.resources)),
    ].slice(0, 6),
    practiceAreas: [
      ...weakTopics.slice(0, 3).map((t) => `${t.topic} at ${input.interview.difficulty} level`),
      ...missed.slice(0, 3).map((p) => `Explaining: ${p}`),
    ],
    interviewTips: [
      ...(examples === 0
        ? [
            'Use the STAR method (Situation, Task, Action, Result) and give a concrete example from your own work.',
          ]
        : []),
      ...(structure < 1
        ? [
            'Signpost your answers: state your main point first, then the reasons ("first", "because", "finally").',
          ]
        : []),
      ...(speech.fillerRate >= 3
        ? ['Pause silently instead of saying "um" or "uh"; a short pause sounds more confident.']
        : []),
      ...(speech.wordsPerMinute !== null && speech.wordsPerMinute > 180
        ? ['Slow down a little: aim for about 130 to 160 words per minute.']
        : []),
      ...(speech.wordsPerMinute !== null && speech.wordsPerMinute < 100
        ? ['Keep a steadier pace: aim for about 130 to 160 words per minute.']
        : []),
      'Think out loud: say how you approach a problem, not only the final answer.',
    ],
  };

  const questionAnalysis: QuestionAnalysisItem[] = scored.map((s) => ({
    index: s.index,
    question: s.question,
    answer: s.answer,
    evaluation: {
      accuracy: s.evaluation.dimensions.accuracy.score,
      completeness: s.evaluation.dimensions.completeness.score,
      technicalDepth: s.evaluation.dimensions.technicalDepth.score,
      clarity: s.evaluation.dimensions.clarity.score,
      feedback: s.evaluation.comment,
    },
    explanations: {
      accuracy: s.evaluation.dimensions.accuracy.explanation,
      completeness: s.evaluation.dimensions.completeness.explanation,
      technicalDepth: s.evaluation.dimensions.technicalDepth.explanation,
      clarity: s.evaluation.dimensions.clarity.explanation,
    },
    evidence: {
      accuracy: s.evaluation.dimensions.accuracy.evidence,
      completeness: s.evaluation.dimensions.completeness.evidence,
      technicalDepth: s.evaluation.dimensions.technicalDepth.evidence,
      clarity: s.evaluation.dimensions.clarity.evidence,
    },
  }));

  const overallFeedback =
    scored.length === 0
      ? 'None of the answers had enough clear speech to score, so no score could be given honestly. Try again in a quiet place, speaking close to the microphone, or type your answers.'
      : `Overall ${overall}/100 from ${scored.length} scored answer(s)${answered < planned ? `, with ${planned - answered} question(s) unanswered counted against the score` : ''}. Problem solving ${problemSolving}, communication ${communication}, confidence ${confidence}.`;

  return {
    overview: {
      totalQuestions: input.pairs.length,
      interviewDuration: Math.round(input.interview.actualMinutes * 10) / 10,
      category: input.interview.category,
      difficulty: input.interview.difficulty,
      topicsCovered: skillBreakdown.map((s) => s.skill),
    },
    performanceAnalysis: {
      overallScore: overall,
      communication: {
        score: communication,
        feedback: `Clarity averaged ${Math.round(dim('clarity'))}/100; filler words were ${speech.fillerRate}% of your words${speech.wordsPerMinute !== null ? ` and you spoke at ${speech.wordsPerMinute} words per minute` : ''}.`,
      },
      problemSolving: {
        score: problemSolving,
        feedback: `Accuracy averaged ${Math.round(dim('accuracy'))}/100 and technical depth ${Math.round(dim('technicalDepth'))}/100${coverage.length > 0 ? `; ${Math.round(mean(coverage) * 100)}% of expected key points covered` : ''}.`,
      },
      confidence: {
        score: confidence,
        feedback: `${hedgesPerAnswer.toFixed(1)} hedging phrase(s) per answer, answers of ${Math.round(avgWords)} words on average, ${examples} concrete example(s).`,
      },
    },
    detailedFeedback: {
      strengths,
      improvementAreas: improvements,
      overallFeedback,
    },
    questionAnalysis,
    skillBreakdown,
    recommendations,
    additionalInsights: speechSummary(speech),
  };
}

export function speechSummary(speech: ReturnType<typeof analyseConversation>): string {
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
