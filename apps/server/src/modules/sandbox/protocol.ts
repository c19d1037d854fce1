/**
 * The sandbox's vocabulary (issue 16, rewritten for issue 24, decision 031). A submission arrives
 * with its tests (inputs and expected values); a runner is given the inputs only and answers with
 * an outcome per test (the value the code returned, as JSON, or why there is none); the host
 * compares. Kept apart so the host, the scheduler and both runners type the same things.
 */
export type CodingLanguage = 'javascript' | 'python';

export interface CodingTest {
  /** JSON: the array of arguments the entry point is called with. */
  input: string;
  /** JSON: the value it must return. Never leaves the host. */
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
  /** Per test. */
  timeLimitMs: number;
}

/** Who asks for a run and whether it is still wanted: what the fair queue needs. */
export interface RunOptions {
  /** The candidate's id: each candidate has at most one run going and a few waiting. */
  owner: string;
  /** Aborted when the request that asked is gone (the client closed it): a waiting run is dropped. */
  signal?: AbortSignal;
  /** Asked just before the run starts; false drops it (its attempt ended while it waited). */
  stillWanted?: () => Promise<boolean>;
}

export type TestVerdict =
  'passed' | 'failed' | 'error' | 'time-limit' | 'memory-limit' | 'output-limit';

export interface TestResult {
  index: number;
  verdict: TestVerdict;
  /** JSON of what the code returned (cut to a few KB). */
  actual?: string;
  /** What it printed, cut to the output limit. */
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

/** What a runner reports for one test: a value for the host to compare, or why there is none. */
export type TestOutcome =
  | { kind: 'value'; value: string; stdout?: string; durationMs: number }
  | {
      kind: Exclude<TestVerdict, 'passed' | 'failed'>;
      error: string;
      stdout?: string;
      durationMs: number;
    };

/** A runner's limits, the same for every submission of a sandbox. */
export interface RunLimits {
  memoryLimitBytes: number;
  /** What one test may print. */
  outputLimitBytes: number;
  /** The JSON of one returned value: no expected value is near it (tests are at most 10,000). */
  valueLimitChars: number;
}

/** Host → QuickJS worker: one submission, inputs only. */
export type ToWorker = {
  type: 'run';
  id: number;
  code: string;
  entryPoint: string;
  inputs: string[];
  timeLimitMs: number;
  limits: RunLimits;
};
/** QuickJS worker → host: each test's outcome as it ends, then the end of the submission. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'test'; id: number; index: number; outcome: TestOutcome }
  | { type: 'done'; id: number };

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
