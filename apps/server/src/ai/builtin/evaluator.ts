import {
  DID_NOT_ANSWER,
  OFF_TOPIC_MAX,
  RUBRIC_LABELS,
  type RelevanceVerdict,
  type Dimension,
  type DimensionScore,
  type KeyPoint,
  type QuestionKind,
} from '@candor/shared';
import type { QaPair } from '../report-input';
import type { BankTopic } from './bank';
import { answersAnotherQuestion } from './another-question';
import { answerFeatures, type AnswerFeatures } from './features';
import { behaviouralRubric, starParts } from './rubric-behavioural';
import { codingRubric } from './rubric-coding';
import { answersTheDesign, blocksCovered, systemDesignRubric } from './rubric-system-design';
import { technicalRubric } from './rubric-technical';
import { sameAnswerElsewhere, type AttemptPair } from './repeated-answer';
import { HABIT_BELOW, pastShare, storyTheme } from './story-theme';

/**
 * The builtin evaluator of one answer: the rubric of the question's kind scores four slots from
 * measurable features, each explained in words and resting on the candidate's own sentences.
 * Warm-up answers get feedback only. Deterministic by construction.
 */

export interface EvaluationContext {
  /** Terms of the set's topics: credited in technical answers only. */
  vocabulary: readonly string[];
  /** The set's bank topics: relate a question's subject to the words of its topic. */
  topics: readonly BankTopic[];
  /** Every question of the attempt with its answer: the same answer given to several of them. */
  attempt?: readonly AttemptPair[];
}

export interface AnswerEvaluation {
  kind: Exclude<QuestionKind, 'warm-up'>;
  /** Whether the answer answers the question at all, and why not when it does not. */
  relevance: { verdict: RelevanceVerdict; reason: string | null };
  dimensions: Record<Dimension, DimensionScore>;
  keyPoints: KeyPoint[];
  comment: string;
  tags: string[];
  features: AnswerFeatures;
}

function commentOf(kind: AnswerEvaluation['kind'], d: Record<Dimension, DimensionScore>): string {
  const label = RUBRIC_LABELS[kind];
  const ranked = (Object.keys(d) as Dimension[]).sort(
    (a, b) => d[b].score - d[a].score || a.localeCompare(b),
  );
  const best = ranked[0]!;
  const worst = ranked.at(-1)!;
  const bestScore = d[best].score;
  const worstScore = d[worst].score;
  if (bestScore < 60)
    return `A weak answer overall (at best ${bestScore}/100). ${d[worst].explanation}`;
  if (bestScore - worstScore < 10)
    return `An even answer (${worstScore} to ${bestScore}/100). ${d[worst].explanation}`;
  return `Strongest on ${label[best].toLowerCase()}: ${d[best].explanation} To improve ${label[worst].toLowerCase()}: ${d[worst].explanation}`;
}

/**
 * Asked for one time something happened, an answer that tells what the candidate usually does
 * ("you just prioritise and cut whatever's least important") is not the story asked for: its
 * slots other than clarity are held to this.
 */
const HABIT_MAX = 35;

function habitHeld(
  pair: QaPair,
  f: AnswerFeatures,
  d: Record<Dimension, DimensionScore>,
): Record<Dimension, DimensionScore> {
  if (!storyTheme(pair.question)?.occasion || pastShare(f.analysis) >= HABIT_BELOW) return d;
  const note =
    'The question asked about one time it happened; the answer tells what you usually do, not a story of that time.';
  return Object.fromEntries(
    (Object.keys(d) as Dimension[]).map((k) => [
      k,
      k === 'clarity' || d[k].score <= HABIT_MAX
        ? d[k]
        : { ...d[k], score: HABIT_MAX, explanation: `${d[k].explanation} ${note}` },
    ]),
  ) as Record<Dimension, DimensionScore>;
}

/** An answer that never quite says what the question asked about keeps this share of its scores. */
const STORY_OFF_QUESTION = 0.5;

function scored(
  pair: QaPair,
  kind: AnswerEvaluation['kind'],
  f: AnswerFeatures,
): Omit<AnswerEvaluation, 'relevance'> {
  // A coding answer is scored on the server's runs of its code and its explanation.
  // A system-design answer on its board and words (issue 29); without a spec, as a technical one.
  const dimensions =
    kind === 'coding'
      ? codingRubric(f, pair.coding ?? { expectedComplexity: '', askedAt: null, runs: [] })
      : kind === 'system-design' && pair.design
        ? systemDesignRubric(f, pair.design)
        : kind === 'behavioural'
          ? habitHeld(pair, f, behaviouralRubric(f))
          : technicalRubric(f);
  return {
    kind,
    dimensions,
    keyPoints: f.keyPoints,
    comment: commentOf(kind, dimensions),
    tags:
      kind === 'behavioural'
        ? starParts(f)
        : pair.design
          ? blocksCovered(pair.design, pair.answer).slice(0, 5)
          : f.vocabHits.slice(0, 5),
    features: f,
  };
}

/** Every slot at most OFF_TOPIC_MAX, each explanation saying why first. */
function capped(
  d: Record<Dimension, DimensionScore>,
  reason: string,
): Record<Dimension, DimensionScore> {
  return Object.fromEntries(
    (Object.keys(d) as Dimension[]).map((k) => [
      k,
      {
        ...d[k],
        score: Math.min(d[k].score, OFF_TOPIC_MAX),
        explanation: `${DID_NOT_ANSWER}: ${reason}`,
      },
    ]),
  ) as Record<Dimension, DimensionScore>;
}

export function evaluateAnswer(
  pair: QaPair,
  kind: AnswerEvaluation['kind'],
  context: EvaluationContext,
): AnswerEvaluation {
  // Behavioural answers are not measured against technical vocabulary.
  const vocabulary = kind === 'technical' ? context.vocabulary : [];
  const f = answerFeatures(pair, vocabulary, context.topics, kind);
  // The same answer given to another question it fits better answers that one, not this one.
  const elsewhere = sameAnswerElsewhere(pair, context.attempt ?? []);
  // An answer that covers a neighbouring question's key points, not this one's, answers that one.
  const another =
    elsewhere || kind === 'behavioural'
      ? null
      : answersAnotherQuestion(pair, f.keyPoints, context.attempt, context.topics);
  const { verdict, reason } = elsewhere
    ? {
        verdict: 'off-topic' as const,
        reason: `The same answer was given to question ${elsewhere.number} ("${elsewhere.question}"), which it fits better; it does not answer this one.`,
      }
    : another
      ? {
          verdict: 'off-topic' as const,
          reason: `The answer covers ${another.covered} of the ${another.of} key points of another question ("${another.question}") and few of this one's: it answers that question, not this one.`,
        }
      : f.relevance;
  // Code that ran is an answer to its own problem: tests decide, not the words around it.
  const ran =
    (kind === 'coding' && (pair.coding?.runs.length ?? 0) > 0) ||
    // So is a design whose words or board meet its spec (issue 29).
    (kind === 'system-design' && !!pair.design && answersTheDesign(pair.design, pair.answer));
  if (ran || verdict === 'answered' || reason === null) {
    return { ...scored(pair, kind, f), relevance: { verdict: 'answered', reason: null } };
  }
  if (verdict === 'off-topic') {
    const e = scored(pair, kind, f);
    const dimensions = capped(e.dimensions, reason);
    return {
      ...e,
      dimensions,
      // Nothing in an answer to another question is credited to this one.
      keyPoints: e.keyPoints.map((k) => ({
        ...k,
        covered: false,
        coverage: 'missed' as const,
        evidence: null,
        note: null,
      })),
      comment: `${DID_NOT_ANSWER}. ${reason}`,
      tags: [],
      relevance: { verdict, reason },
    };
  }
  if (f.relevance.relevant.length === f.sentences.length) {
    // A whole answer that never quite says what was asked (a story of maybe another time, an
    // explanation in other words than the question's): scored as given, at a reduced share.
    const e = scored(pair, kind, f);
    const share = f.relevance.keeps ?? STORY_OFF_QUESTION;
    const dimensions = Object.fromEntries(
      (Object.keys(e.dimensions) as Dimension[]).map((k) => [
        k,
        k === 'clarity'
          ? e.dimensions[k]
          : {
              ...e.dimensions[k],
              score: Math.round(e.dimensions[k].score * share),
              explanation: `${e.dimensions[k].explanation} ${reason}`,
            },
      ]),
    ) as Record<Dimension, DimensionScore>;
    return { ...e, dimensions, comment: `${reason} ${e.comment}`, relevance: { verdict, reason } };
  }
  // Partly relevant: the sentences on the question are scored as the answer; the rest is not.
  const part = f.relevance.relevant.map((i) => f.sentences[i]!).join(' ');
  const pf = answerFeatures({ ...pair, answer: part }, vocabulary, context.topics, kind);
  const e = scored(pair, kind, {
    ...pf,
    speech: f.speech,
    relevance: { ...pf.relevance, verdict: 'answered', reason: null },
  });
  return { ...e, comment: `${reason} ${e.comment}`, relevance: { verdict, reason } };
}

/** Feedback on a warm-up answer, which is never scored: how it came across, and one tip. */
export function warmUpFeedback(pair: QaPair): string {
  const f = answerFeatures(pair, [], []);
  const parts = [`Warm-up, not scored: ${f.words} words.`];
  if (f.words < 25) {
    parts.push(
      'A little short: two or three sentences on your current role, what you work on and what you enjoy make a good start.',
    );
  } else if (f.words > 180) {
    parts.push('Quite long for a warm-up: aim for about a minute, then let the interviewer lead.');
  } else {
    parts.push('A good length for an opening answer.');
  }
  if (f.speech.fillerCount > 0) {
    parts.push(
      `Filler words: ${f.speech.fillerWords.map((x) => `${x.word} ×${x.count}`).join(', ')}.`,
    );
  }
  if (f.speech.wordsPerMinute !== null)
    parts.push(`You spoke at ${f.speech.wordsPerMinute} words per minute.`);
  return parts.join(' ');
}

/** Rounded mean of the four slots: the per-question score (spec section 5). */
export function questionScore(d: Record<Dimension, { score: number }>): number {
  return Math.round(
    (d.accuracy.score + d.completeness.score + d.technicalDepth.score + d.clarity.score) / 4,
  );
}
