import { THINKING_SOUNDS } from './speech-filter';

/*
 * Speaking rates and filler words, without a schema: the report shows them without loading zod
 * (speech-analytics.ts, the report's speech figures and schemas, builds on these).
 */

/** Filler words and phrases, matched as whole words, case-insensitively. */
export const FILLER_WORDS = [
  ...THINKING_SOUNDS,
  'hmm',
  'you know',
  'i mean',
  'sort of',
  'kind of',
  'basically',
  'literally',
] as const;

/** Browser voices speak at roughly this rate; used to estimate the interviewer's talk time. */
export const INTERVIEWER_WORDS_PER_MINUTE = 150;
/**
 * When a speaking rate is measured at all (issue 28: reports said 958 and 2,432 words per minute).
 * Too little speech gives meaningless rates (one word in 200 ms is not 300 wpm), and a rate no
 * person speaks at says the timings were wrong (a recogniser that timed only its last chunk, an
 * answer that was pasted), not how the candidate spoke. Either way the answer counts as untimed:
 * its rate, speaking time and talk-time share are "not measured".
 */
export const SPEECH_RATE_LIMITS = {
  minSeconds: 3,
  minWords: 5,
  /** Slower than this is pauses, not speech (a very slow speaker is about 80–100). */
  minWordsPerMinute: 40,
  /** Faster than this nobody speaks (an auctioneer reaches about 250–300). */
  maxWordsPerMinute: 300,
} as const;

/** Words per minute over `ms` of speech, or null when it is not a rate a person speaks at. */
export function measuredWordsPerMinute(wordCount: number, ms: number | null): number | null {
  const L = SPEECH_RATE_LIMITS;
  if (ms === null || ms < L.minSeconds * 1000 || wordCount < L.minWords) return null;
  const rate = wordCount / (ms / 60_000);
  return rate < L.minWordsPerMinute || rate > L.maxWordsPerMinute ? null : Math.round(rate);
}

/**
 * A rate as a view shows it: the same rule applied to a stored figure (a report written before
 * the limits may hold 958 wpm), so every view says "not measured" for the same rates.
 */
export function plausibleWordsPerMinute(rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  const L = SPEECH_RATE_LIMITS;
  return rate < L.minWordsPerMinute || rate > L.maxWordsPerMinute ? null : Math.round(rate);
}
