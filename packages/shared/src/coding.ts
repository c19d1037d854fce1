import { z } from 'zod';
import {
  CODE_RUN_MODES,
  CODING_COMPARES,
  CODING_LANGUAGES,
  CODING_LIMITS,
  type CodingCompare,
} from './coding-languages';

/**
 * Coding questions (issue 16): a problem the candidate solves in an editor during the spoken
 * interview, run on the server in a sandbox. The admin writes the spec; candidates receive only
 * its public part (`CandidateCoding`): hidden tests and the expected complexity stay server-side.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
const PY_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const testJson = (what: string) =>
  z
    .string({ error: `${what} must be JSON text` })
    .trim()
    .min(1, `${what} is required`)
    .max(CODING_LIMITS.testJsonMaxChars, `${what} must be at most 10000 characters`)
    .refine(isJson, `${what} must be valid JSON`);

export const codingTestSchema = z.object({
  /** JSON: the array of arguments the entry point is called with. */
  input: testJson('Test input').refine((t) => {
    try {
      return Array.isArray(JSON.parse(t));
    } catch {
      return false;
    }
  }, 'Test input must be a JSON array of arguments'),
  /** JSON: the value the entry point must return. */
  expected: testJson('Expected output'),
  /** `any-order`: arrays compared as multisets; `float`: numbers within 1e-6. */
  compare: z
    .enum(CODING_COMPARES, { error: 'Compare must be exact, any-order or float' })
    .default('exact'),
  /** Hidden tests run only on Submit, and candidates never see them. */
  hidden: z.boolean({ error: 'hidden must be true or false' }).default(false),
});
export type CodingTest = z.output<typeof codingTestSchema>;

const starter = z
  .string({ error: 'Starter code is required for each language' })
  .max(CODING_LIMITS.starterMaxChars, 'Starter code must be at most 5000 characters');

export const codingSpecSchema = z
  .object({
    /** The function the tests call, per language ("twoSum", "two_sum"). */
    entryPoint: z.object({
      javascript: z
        .string({ error: 'JavaScript entry point is required' })
        .regex(IDENTIFIER, 'JavaScript entry point must be a function name'),
      python: z
        .string({ error: 'Python entry point is required' })
        .regex(PY_IDENTIFIER, 'Python entry point must be a function name'),
    }),
    starterCode: z.object({ javascript: starter, python: starter }),
    tests: z
      .array(codingTestSchema)
      .max(CODING_LIMITS.testsMax, `At most ${CODING_LIMITS.testsMax} tests`),
    /** What a strong solution achieves ("O(n) time, O(n) space"); the report compares. */
    expectedComplexity: z
      .string({ error: 'Expected complexity is required' })
      .trim()
      .min(1, 'Expected complexity is required')
      .max(200, 'Expected complexity must be at most 200 characters'),
    runLimitMs: z
      .number({ error: 'Run limit must be between 100 and 10000 ms' })
      .int('Run limit must be between 100 and 10000 ms')
      .min(CODING_LIMITS.runLimitMsMin, 'Run limit must be between 100 and 10000 ms')
      .max(CODING_LIMITS.runLimitMsMax, 'Run limit must be between 100 and 10000 ms')
      .default(CODING_LIMITS.runLimitMsDefault),
  })
  .refine((s) => s.tests.some((t) => !t.hidden), {
    message: 'A coding question needs at least one visible example test',
    path: ['tests'],
  })
  .refine((s) => s.tests.some((t) => t.hidden), {
    message: 'A coding question needs at least one hidden test',
    path: ['tests'],
  });
export type CodingSpec = z.output<typeof codingSpecSchema>;
export type CodingSpecInput = z.input<typeof codingSpecSchema>;

/** What a candidate receives of a coding question: never the hidden tests or the complexity. */
export interface CandidateCoding {
  entryPoint: CodingSpec['entryPoint'];
  starterCode: CodingSpec['starterCode'];
  examples: { input: string; expected: string; compare: CodingCompare }[];
  runLimitMs: number;
}

export function candidateCoding(spec: CodingSpec): CandidateCoding {
  return {
    entryPoint: spec.entryPoint,
    starterCode: spec.starterCode,
    examples: spec.tests
      .filter((t) => !t.hidden)
      .map(({ input, expected, compare }) => ({ input, expected, compare })),
    runLimitMs: spec.runLimitMs,
  };
}

/** `POST /api/interview/:id/code-runs`: run the examples, or submit against every test. */
export const codeRunBodySchema = z.object({
  questionIndex: z
    .number({ error: 'questionIndex must be a question of this attempt' })
    .int('questionIndex must be a question of this attempt')
    .min(0, 'questionIndex must be a question of this attempt')
    .max(199, 'questionIndex must be a question of this attempt'),
  language: z.enum(CODING_LANGUAGES, { error: 'language must be javascript or python' }),
  code: z
    .string({ error: 'code is required' })
    .min(1, 'code is required')
    .max(CODING_LIMITS.codeMaxChars, 'code must be at most 20000 characters'),
  mode: z.enum(CODE_RUN_MODES, { error: 'mode must be examples or submit' }),
});
export type CodeRunBody = z.infer<typeof codeRunBodySchema>;

export const CODE_RUN_VERDICTS = [
  'passed',
  'failed',
  'error',
  'Time limit exceeded',
  'Memory limit exceeded',
  'Output limit exceeded',
] as const;
export type CodeRunVerdict = (typeof CODE_RUN_VERDICTS)[number];

export const TEST_VERDICTS = [
  'passed',
  'failed',
  'error',
  'time-limit',
  'memory-limit',
  'output-limit',
] as const;

/** One test's result as the candidate sees it: a hidden test shows only its verdict. */
export const codeRunTestSchema = z.object({
  index: z.number().int(),
  hidden: z.boolean(),
  verdict: z.enum(TEST_VERDICTS),
  input: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  stdout: z.string().optional(),
  error: z.string().optional(),
});
export type CodeRunTest = z.infer<typeof codeRunTestSchema>;

export const codeRunSchema = z.object({
  id: z.string(),
  questionIndex: z.number().int(),
  language: z.enum(CODING_LANGUAGES),
  mode: z.enum(CODE_RUN_MODES),
  verdict: z.enum(CODE_RUN_VERDICTS),
  passed: z.number().int(),
  total: z.number().int(),
  tests: z.array(codeRunTestSchema),
  createdAt: z.string(),
});
export type CodeRun = z.infer<typeof codeRunSchema>;

/** `GET /api/interview/:id/coding`: the attempt's coding questions and the latest code of each. */
export const attemptCodingSchema = z.object({
  questions: z.array(
    z.object({
      questionIndex: z.number().int(),
      questionText: z.string(),
      coding: z.custom<CandidateCoding>(),
      /** The last code run or submitted for it, to restore the editor after a reload. */
      lastCode: z.object({ language: z.enum(CODING_LANGUAGES), code: z.string() }).nullable(),
      runs: z.array(codeRunSchema),
    }),
  ),
});
export type AttemptCoding = z.infer<typeof attemptCodingSchema>;
