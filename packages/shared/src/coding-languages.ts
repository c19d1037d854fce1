/*
 * The coding round's languages and limits, without a schema: the editor and the report show
 * them without loading zod (coding.ts, the API's schemas, builds on these).
 */

export const CODING_LANGUAGES = ['javascript', 'python'] as const;
export type CodingLanguage = (typeof CODING_LANGUAGES)[number];
export const CODING_LANGUAGE_LABELS: Record<CodingLanguage, string> = {
  javascript: 'JavaScript',
  python: 'Python',
};

export const CODING_COMPARES = ['exact', 'any-order', 'float'] as const;
export type CodingCompare = (typeof CODING_COMPARES)[number];

export const CODING_LIMITS = {
  testsMax: 30,
  /** One test's input or expected value, as JSON. */
  testJsonMaxChars: 10_000,
  starterMaxChars: 5_000,
  /** A candidate's code, per run. */
  codeMaxChars: 20_000,
  /** Per test, inside the interpreter. */
  runLimitMsMin: 100,
  runLimitMsMax: 10_000,
  runLimitMsDefault: 2_000,
  /** Runs and submissions per attempt: enough for any honest session, not for a loop. */
  runsPerAttempt: 200,
} as const;

export const CODE_RUN_MODES = ['examples', 'submit'] as const;
export type CodeRunMode = (typeof CODE_RUN_MODES)[number];
