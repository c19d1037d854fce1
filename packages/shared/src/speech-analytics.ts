import { z } from 'zod';
import { FILLER_WORDS, INTERVIEWER_WORDS_PER_MINUTE, measuredWordsPerMinute } from './speech-rates';

/**
 * Speech analytics: measurable facts about how the candidate spoke, computed from the text and the
 * utterance timings the browser sends. Pure functions, used by the server's report and testable
 * on known inputs.
 */

export const fillerCountSchema = z.object({ word: z.string(), count: z.number().int() });
export type FillerCount = z.infer<typeof fillerCountSchema>;

export const answerSpeechSchema = z.object({
  wordCount: z.number().int(),
  /** Speaking time from the first to the last recognised word, when timings were sent. */
  durationSeconds: z.number().nullable(),
  wordsPerMinute: z.number().nullable(),
  fillerWords: z.array(fillerCountSchema),
  fillerCount: z.number().int(),
  /** Fillers per 100 words. */
  fillerRate: z.number(),
  /** Longest gap between two timed segments of the answer. */
  longestPauseSeconds: z.number().nullable(),
});
export type AnswerSpeech = z.infer<typeof answerSpeechSchema>;

export const overallSpeechSchema = z.object({
  answers: z.number().int(),
  totalWords: z.number().int(),
  averageAnswerWords: z.number(),
  /** Over every timed answer: words / speaking minutes. */
  wordsPerMinute: z.number().nullable(),
  fillerWords: z.array(fillerCountSchema),
  fillerCount: z.number().int(),
  fillerRate: z.number(),
  longestPauseSeconds: z.number().nullable(),
  candidateSpeakingSeconds: z.number().nullable(),
  /** Candidate share of talk time (0–1): timed speech against the interviewer's estimated time. */
  talkTimeShare: z.number().nullable(),
  /** Candidate share of all words spoken (0–1). */
  wordShare: z.number().nullable(),
});
export type OverallSpeech = z.infer<typeof overallSpeechSchema>;

export interface SpokenAnswer {
  text: string;
  startedAt?: number;
  endedAt?: number;
  segments?: { text: string; startMs: number; endMs: number }[];
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'+#.-]*/gu) ?? [];
}

export function countWords(text: string): number {
  return words(text).length;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Filler words used in `text`, most used first (ties by the word), with counts. */
export function countFillers(text: string): FillerCount[] {
  const normalised = ` ${words(text).join(' ')} `;
  const counts: FillerCount[] = [];
  for (const filler of FILLER_WORDS) {
    const needle = ` ${filler} `;
    let count = 0;
    for (let at = normalised.indexOf(needle); at !== -1; at = normalised.indexOf(needle, at + 1)) {
      count++;
    }
    if (count > 0) counts.push({ word: filler, count });
  }
  return counts.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/** The answer's speaking time, when its timings give a rate a person speaks at (else null). */
function speakingSpan(answer: SpokenAnswer, wordCount: number): number | null {
  const segs = (answer.segments ?? []).filter((s) => s.endMs >= s.startMs);
  const start = segs.length > 0 ? Math.min(...segs.map((s) => s.startMs)) : answer.startedAt;
  const end = segs.length > 0 ? Math.max(...segs.map((s) => s.endMs)) : answer.endedAt;
  if (start === undefined || end === undefined) return null;
  return measuredWordsPerMinute(wordCount, end - start) === null ? null : end - start;
}

function longestPause(answer: SpokenAnswer): number | null {
  const segs = [...(answer.segments ?? [])].sort((a, b) => a.startMs - b.startMs);
  if (segs.length < 2) return null;
  let longest = 0;
  let lastEnd = segs[0]!.endMs;
  for (const seg of segs.slice(1)) {
    longest = Math.max(longest, seg.startMs - lastEnd);
    lastEnd = Math.max(lastEnd, seg.endMs);
  }
  return round(longest / 1000);
}

export function analyseAnswer(answer: SpokenAnswer): AnswerSpeech {
  const wordCount = countWords(answer.text);
  const fillerWords = countFillers(answer.text);
  const fillerCount = fillerWords.reduce((sum, f) => sum + f.count, 0);
  const span = speakingSpan(answer, wordCount);
  return {
    wordCount,
    durationSeconds: span === null ? null : round(span / 1000),
    wordsPerMinute: measuredWordsPerMinute(wordCount, span),
    fillerWords,
    fillerCount,
    fillerRate: wordCount === 0 ? 0 : round((fillerCount / wordCount) * 100),
    longestPauseSeconds: longestPause(answer),
  };
}

function mergeFillers(lists: FillerCount[][]): FillerCount[] {
  const totals = new Map<string, number>();
  for (const list of lists) {
    for (const f of list) totals.set(f.word, (totals.get(f.word) ?? 0) + f.count);
  }
  return [...totals]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/** Overall analytics for the candidate's answers, given what the interviewer said. */
export function analyseConversation(
  answers: SpokenAnswer[],
  interviewerMessages: string[],
): OverallSpeech {
  const perAnswer = answers.map(analyseAnswer);
  const totalWords = perAnswer.reduce((s, a) => s + a.wordCount, 0);
  const fillerWords = mergeFillers(perAnswer.map((a) => a.fillerWords));
  const fillerCount = fillerWords.reduce((s, f) => s + f.count, 0);
  const timed = perAnswer.filter((a) => a.durationSeconds !== null);
  const timedSeconds = timed.reduce((s, a) => s + (a.durationSeconds ?? 0), 0);
  const timedWords = timed.reduce((s, a) => s + a.wordCount, 0);
  const pauses = perAnswer.map((a) => a.longestPauseSeconds).filter((p): p is number => p !== null);
  const interviewerWords = interviewerMessages.reduce((s, m) => s + countWords(m), 0);
  const interviewerSeconds = (interviewerWords / INTERVIEWER_WORDS_PER_MINUTE) * 60;
  return {
    answers: answers.length,
    totalWords,
    averageAnswerWords: answers.length === 0 ? 0 : round(totalWords / answers.length),
    wordsPerMinute: timedSeconds > 0 ? Math.round(timedWords / (timedSeconds / 60)) : null,
    fillerWords,
    fillerCount,
    fillerRate: totalWords === 0 ? 0 : round((fillerCount / totalWords) * 100),
    longestPauseSeconds: pauses.length > 0 ? Math.max(...pauses) : null,
    candidateSpeakingSeconds: timed.length > 0 ? round(timedSeconds) : null,
    talkTimeShare:
      timed.length > 0 && timedSeconds + interviewerSeconds > 0
        ? round(timedSeconds / (timedSeconds + interviewerSeconds), 2)
        : null,
    wordShare:
      totalWords + interviewerWords > 0
        ? round(totalWords / (totalWords + interviewerWords), 2)
        : null,
  };
}
