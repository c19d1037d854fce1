import {
  NOT_ENOUGH_SPEECH,
  analyseConversation,
  countWords,
  words,
  type AnswerMode,
  type BoardDiagram,
  type BoardGraph,
  type CodeRunMode,
  type CodeRunVerdict,
  type CodingLanguage,
  type InterviewFlow,
  type QuestionExchange,
  type QuestionKind,
  type SystemDesignSpec,
  type TailoredPlanItem,
} from '@candor/shared';
import { nonAnswer } from './builtin/non-answer';

/** One question and the candidate's answer to it, with how the answer was spoken. */
export interface QaPair {
  question: string;
  /** '' when the question was never answered. */
  answer: string;
  expectedAnswer: string | null;
  /** The fixed question's kind; absent for free-form questions (and old attempts): then inferred. */
  kind?: QuestionKind | null;
  /** The fixed question's explicit key points; absent or [] when the expected answer is split. */
  keyPoints?: string[];
  /** The fixed question's index, or null in a topic-based interview. */
  questionIndex: number | null;
  /** Lowest recognition confidence among the answer's utterances (voice only). */
  confidence: number | null;
  mode: AnswerMode | null;
  startedAt?: number;
  endedAt?: number;
  segments?: { text: string; startMs: number; endMs: number }[];
  /** The candidate corrected how (part of) the answer was recognised (decision 024). */
  corrected?: boolean;
  /** A coding question's runs and what a strong solution achieves (issue 16). */
  coding?: CodingEvidence;
  /** A system-design question's final board and its yardstick (issue 29). */
  design?: DesignEvidence;
  /** Only when follow-ups were asked: the question and each follow-up with its answer, in order. */
  exchanges?: QuestionExchange[];
}

/** The server's record of a coding question: every run, in order, with each test's verdict. */
export interface CodingEvidence {
  expectedComplexity: string;
  /** When the question was asked (ms since epoch), for the time to a first passing submission. */
  askedAt: number | null;
  runs: {
    mode: CodeRunMode;
    verdict: CodeRunVerdict;
    language: CodingLanguage;
    code: string;
    /** When it ran (ms since epoch). */
    at: number;
    tests: { hidden: boolean; verdict: string }[];
  }[];
}

/** What a system-design question's report rests on: the board as drawn, and the spec it meets. */
export interface DesignEvidence {
  spec: SystemDesignSpec;
  /** The final board read as a graph (modules/whiteboard/graph.ts). */
  graph: BoardGraph;
  /** The final board as the report draws it; null when nothing was drawn. */
  diagram: BoardDiagram | null;
  /** The graph as a model reads it, one fact a line. */
  boardText: string;
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
  /** A tailored interview's role, required skills and the questions drawn for them (issue 15). */
  tailored?: { role: string; required: string[]; plan: TailoredPlanItem[] };
  /**
   * The candidate's own questions after "Do you have any questions for me?", each with the
   * interviewer's answer (null when none came); absent when the interviewer never invited them.
   */
  candidateQuestions?: { invited: boolean; asked: { question: string; answer: string | null }[] };
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

/** What a report says of a question nobody answered, or answered with "I don't know". */
export const NOT_ANSWERED = 'not answered';

/** Why an answer cannot be scored, or null when it can. A non-answer counts as not answered. */
export function unscoreableReason(pair: QaPair): string | null {
  // Code the candidate ran is an answer, spoken explanation or not: its tests are facts to score.
  if (pair.coding && pair.coding.runs.length > 0) return null;
  // So is a drawn design: its components and arrows are facts, said aloud or not (issue 29).
  if (pair.design && pair.design.graph.components.length > 0) return null;
  if (pair.answer.trim() === '') return NOT_ANSWERED;
  if (nonAnswer(pair.answer) !== null) return NOT_ANSWERED;
  if (pair.mode !== 'typed' && pair.confidence !== null && pair.confidence < MIN_CONFIDENCE) {
    return NOT_ENOUGH_SPEECH;
  }
  if (countWords(pair.answer) < MIN_WORDS || isGarbled(pair.answer)) return NOT_ENOUGH_SPEECH;
  return null;
}

/** The answer as speech analytics reads it: a typed answer has words but no speaking time. */
export function spoken(pair: QaPair) {
  if (pair.mode === 'typed') return { text: pair.answer };
  return {
    text: pair.answer,
    startedAt: pair.startedAt,
    endedAt: pair.endedAt,
    segments: pair.segments,
  };
}

/**
 * The answers the candidate gave: every question said something to, warm-ups included, except a
 * non-answer ("I don't know"), which the report counts as not answered. Speech too unclear to
 * score was still an answer (the fault is the microphone's).
 */
export function answersGiven(input: ReportInput): QaPair[] {
  return input.pairs.filter((p) => p.answer.trim() !== '' && nonAnswer(p.answer) === null);
}

/**
 * How the candidate spoke, over the answers they gave: the one count of answers, words, speaking
 * rate and fillers that the speech card, the AI insights and every sentence of the report say
 * (issue 28: "3 answers averaging 137 words" beside "4 answers, 104 words").
 */
export function conversationSpeech(input: ReportInput) {
  return analyseConversation(
    answersGiven(input).map(spoken),
    input.transcript.filter((m) => m.speaker === 'AI').map((m) => m.message),
  );
}
