// Every turn-taking number of the live interview, named after what it means (spec section 9).

export const VOICE = {
  /** Recognition language unless the candidate picks another. */
  defaultLanguage: 'en-IN',
  languages: ['en-IN', 'en-US', 'en-GB', 'en-AU'] as const,
  /** Silence after the last speech before a validated transcript is sent. */
  silenceBeforeSendMs: 3000,
  /** How often silence is checked. */
  silenceCheckEveryMs: 500,
  /**
   * Words whose first sound came while the interviewer was audible, or this long after its audio
   * ended, and that repeat what it said, are held back as its echo (the candidate decides).
   * There is no delay before the mic is back and no guard after the interviewer: recognition runs
   * across the reply (listening for barge-in) or restarts the moment its audio ends, so words
   * said right after are captured; the specification's 1.5 s / 1 s / 0.5 s restart delays and
   * 2 s post-interviewer guard lost them (decision 013).
   */
  echoWindowMs: 1500,
  /** Recogniser restart after a recoverable recognition error. */
  restartAfterRecognitionErrorMs: 1000,
  /** Recogniser restart after it ended by itself while the mic is on and the interviewer idle. */
  recogniserRestartMs: 500,
  /** Restarts are tried while fewer than this many errors have occurred. */
  maxRecognitionErrors: 3,
  /** Voices load late in some browsers: retry this many times, this often. */
  voiceLoadRetries: 5,
  voiceLoadRetryMs: 300,
  /** 'Time to think' pauses silence auto-send at most this long. */
  thinkingCapMs: 60_000,
  /**
   * When speechSynthesis never reports the end (no voices, headless browsers): assume this many
   * milliseconds per character plus a floor, then carry on.
   */
  speechMsPerChar: 55,
  speechMinMs: 1500,
  /** Words heard over the interviewer (not their echo) before they are interrupted. */
  bargeInMinWords: 2,
  /** How long End Interview waits for the live channel before ending through the REST API. */
  endAnswerTimeoutMs: 10_000,
  /** How often the report's status is asked for while it is being generated. */
  reportPollEveryMs: 1000,
  /** The live screen warns (visibly and to screen readers) when this much time is left. */
  timeWarningSeconds: 120,
  /**
   * After the time-up closing, words still pending are sent this long before the server's grace
   * period for a last answer (LIMITS.answerGraceSeconds) ends, if silence has not sent them yet.
   */
  graceSafetyMs: 5000,
  /** Reconnect back-off of the live channel. */
  reconnectDelaysMs: [500, 1000, 2000, 4000, 8000] as const,
} as const;

/**
 * The recognition language to use: the one the candidate chose (remembered), else the first of
 * the browser's languages (navigator.languages) the app offers, else the default. Tags compare
 * without regard to case ("en-us" is en-US); a bare "en" is not a region the app can pick for.
 */
export function pickRecognitionLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[] = [],
): string {
  const offered = (tag: string | null | undefined) =>
    VOICE.languages.find((l) => l.toLowerCase() === tag?.trim().toLowerCase());
  return (
    offered(stored) ??
    browserLanguages.map(offered).find((l) => l !== undefined) ??
    VOICE.defaultLanguage
  );
}

/** Phrases that mean the candidate needs a moment: silence auto-send waits. */
export const THINKING_PHRASES = [
  'let me think',
  'give me a second',
  'give me a moment',
  'one moment',
  'one second',
  'let me see',
  'hold on',
  'just a moment',
] as const;

export function asksForTimeToThink(text: string): boolean {
  const t = text.toLowerCase();
  return THINKING_PHRASES.some((p) => t.includes(p));
}
