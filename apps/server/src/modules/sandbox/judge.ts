import { matches } from './compare';
import {
  submissionVerdict,
  type SubmissionRequest,
  type SubmissionResult,
  type TestOutcome,
  type TestResult,
} from './protocol';

/** How much of a returned value is kept in a result (what the candidate and the report see). */
const KEEP_CHARS = 4_000;
const cut = (text: string) => (text.length > KEEP_CHARS ? `${text.slice(0, KEEP_CHARS)}…` : text);

const STOPPED_BY: Partial<Record<TestOutcome['kind'], string>> = {
  'time-limit': 'exceeded the time limit',
  'memory-limit': 'exceeded the memory limit',
  'output-limit': 'exceeded the output limit',
  error: 'stopped the runner',
};

/**
 * The host's verdict on a submission from the runner's outcomes (decision 031): each value is
 * compared here with the expected one, which the runner never saw. A runner stops at the first
 * test that ends its interpreter (a time limit above all, so an endless loop costs one limit, not
 * one per test): the tests after it were not run and carry that test's verdict, saying so.
 */
export function judge(
  request: SubmissionRequest,
  outcomes: readonly (TestOutcome | undefined)[],
  durationMs: number,
): SubmissionResult {
  let stop: { index: number; outcome: Exclude<TestOutcome, { kind: 'value' }> } | null = null;
  const tests = request.tests.map((test, index): TestResult => {
    const outcome = outcomes[index];
    if (!outcome) {
      const why = stop
        ? `Not run: test ${stop.index + 1} ${STOPPED_BY[stop.outcome.kind] ?? 'stopped the runner'}`
        : 'Not run: the runner stopped';
      return { index, verdict: stop?.outcome.kind ?? 'error', error: why, durationMs: 0 };
    }
    const stdout = outcome.stdout ? { stdout: outcome.stdout } : {};
    const durationMs = Math.round(outcome.durationMs * 100) / 100;
    if (outcome.kind === 'value') {
      const verdict = matches(outcome.value, test) ? 'passed' : 'failed';
      return { index, verdict, actual: cut(outcome.value), ...stdout, durationMs };
    }
    stop = { index, outcome };
    return { index, verdict: outcome.kind, error: cut(outcome.error), ...stdout, durationMs };
  });
  return { verdict: submissionVerdict(tests), tests, durationMs: Math.round(durationMs) };
}

/** Every test with the same verdict: the runner could not take the submission at all. */
export function allTests(
  request: SubmissionRequest,
  verdict: TestResult['verdict'],
  error: string,
): SubmissionResult {
  const tests = request.tests.map((_, index) => ({ index, verdict, error, durationMs: 0 }));
  return { verdict: submissionVerdict(tests), tests, durationMs: 0 };
}
