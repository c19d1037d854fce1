import {
  NOT_ENOUGH_SPEECH,
  countWords,
  words,
  type AnswerMode,
  type InterviewFlow,
} from '@candor/shared';

/** One question and the candidate's answer to it, with how the answer was spoken. */
export interface QaPair {
  question: string;
  /** '' when the question was never answered. */
  answer: string;
  expectedAnswer: string | null;
  /** The fixed question's index, or null in a topic-based interview. */
  questionIndex: number | null;
  /** Lowest recognition confidence among the answer's utterances (voice only). */
  confidence: number | null;
  mode: AnswerMode | null;
  startedAt?: number;
  endedAt?: number;
  segments?: { text: string; startMs: number; endMs: number }[];
}

/** Everything a report is made from: facts only, never client-sent scores. */
export interface ReportInput {
  interview: {
    title: string;
    category: string;
    difficulty: string;
    flow: InterviewFlow;
    topics: string[];
    durationMinutes: number;
    /** Actual minutes from start to end. */
    actualMinutes: number;
    endedEarly: boolean;
    /** Fixed sets: how many questions were planned. */
    plannedQuestions: number | null;
  };
  pairs: QaPair[];
  transcript: { speaker: 'AI' | 'User'; message: string }[];
}

/** Below this recognition confidence, a spoken answer is too unclear to score honestly. */
export const MIN_CONFIDENCE = 0.5;
const MIN_WORDS = 3;

/** True when most "words" are not words: keyboard mash, repeated syllables, recogniser noise. */
function isGarbled(text: string): boolean {
  const list = words(text);
  if (list.length === 0) return true;
  const odd = list.filter(
    (w) => /^[^aeiouy\d]{4,}$/.test(w) || /(.)\1{2,}/.test(w) || w.length > 25,
  ).length;
  const unique = new Set(list).size / list.length;
  return odd / list.length > 0.4 || (list.length > 8 && unique < 0.3);
}

/** Why an answer cannot be scored, or null when it can. */
export function unscoreableReason(pair: QaPair): string | null {
  if (pair.answer.trim() === '') return 'not answered';
  if (pair.mode !== 'typed' && pair.confidence !== null && pair.confidence < MIN_CONFIDENCE) {
    return NOT_ENOUGH_SPEECH;
  }
  if (countWords(pair.answer) < MIN_WORDS || isGarbled(pair.answer)) return NOT_ENOUGH_SPEECH;
  return null;
}

/** The answer as speech analytics reads it. */
export function spoken(pair: QaPair) {
  return {
    text: pair.answer,
    startedAt: pair.startedAt,
    endedAt: pair.endedAt,
    segments: pair.segments,
  };
}
