/**
 * What the host and a sandbox worker say to each other (issue 16): the host sends one submission,
 * the worker answers with each test's result. Kept apart so both sides type the same messages.
 */
export type CodingLanguage = 'javascript' | 'python';

export interface CodingTest {
  /** JSON: the array of arguments the entry point is called with. */
  input: string;
  /** JSON: the value it must return. */
  expected: string;
  /** `any-order`: arrays compared as multisets; `float`: numbers within 1e-6. */
  compare?: 'exact' | 'any-order' | 'float';
}

export interface SubmissionRequest {
  language: CodingLanguage;
  code: string;
  /** The function the tests call ("twoSum"). */
  entryPoint: string;
  tests: CodingTest[];
  /** Per test, in the interpreter. */
  timeLimitMs: number;
}

export type TestVerdict =
  'passed' | 'failed' | 'error' | 'time-limit' | 'memory-limit' | 'output-limit';

export interface TestResult {
  index: number;
  verdict: TestVerdict;
  /** JSON of what the code returned (cut to a few KB). */
  actual?: string;
  /** What it printed (console.log), cut to the output limit. */
  stdout?: string;
  error?: string;
  durationMs: number;
}

export type SubmissionVerdict =
  | 'passed'
  | 'failed'
  | 'error'
  | 'Time limit exceeded'
  | 'Memory limit exceeded'
  | 'Output limit exceeded';

export interface SubmissionResult {
  verdict: SubmissionVerdict;
  tests: TestResult[];
  durationMs: number;
}

export interface WorkerLimits {
  memoryLimitBytes: number;
  outputLimitBytes: number;
  /** Interpreter stack, so deep recursion is a RangeError, not a crash. */
  stackLimitBytes: number;
}

export type ToWorker = {
  type: 'run';
  id: number;
  request: SubmissionRequest;
  limits: WorkerLimits;
};
export type FromWorker =
  { type: 'ready' } | { type: 'result'; id: number; result: SubmissionResult };

/** A test's verdict decides the submission's: the first limit hit names it, else any failure. */
export function submissionVerdict(tests: TestResult[]): SubmissionVerdict {
  const has = (v: TestVerdict) => tests.some((t) => t.verdict === v);
  if (has('time-limit')) return 'Time limit exceeded';
  if (has('memory-limit')) return 'Memory limit exceeded';
  if (has('output-limit')) return 'Output limit exceeded';
  if (has('error')) return 'error';
  if (has('failed')) return 'failed';
  return 'passed';
}
