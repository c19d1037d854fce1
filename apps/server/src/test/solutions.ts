import type { SubmissionRequest } from '../modules/sandbox';

/**
 * A correct two-sum in both languages (the demo round's second problem, `db/seed-data/coding.ts`),
 * for the sandbox's tests, the coding API's tests and the coding benches: one hash map pass,
 * `[]` when no pair adds up.
 */
export const TWO_SUM_SOLVED = {
  javascript: `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const need = target - nums[i];
    if (seen.has(need)) return [seen.get(need), i];
    seen.set(nums[i], i);
  }
  return [];
}`,
  python: `def two_sum(nums, target):
    seen = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return [seen[target - n], i]
        seen[n] = i
    return []
`,
} as const;

/** Two-sum's tests as the sandbox takes them: the two examples and a list with no pair. */
export const TWO_SUM_TESTS = [
  { input: '[[2,7,11,15],9]', expected: '[0,1]' },
  { input: '[[3,2,4],6]', expected: '[1,2]' },
  { input: '[[],1]', expected: '[]' },
];

/**
 * A two-sum submission to the sandbox in `language` (its entry point named as that language
 * names it), against TWO_SUM_TESTS with a second per test unless `extra` says otherwise.
 */
export function twoSumSubmission(
  language: 'javascript' | 'python',
  code: string,
  extra: Partial<SubmissionRequest> = {},
): SubmissionRequest {
  return {
    language,
    code,
    entryPoint: language === 'python' ? 'two_sum' : 'twoSum',
    tests: TWO_SUM_TESTS,
    timeLimitMs: 1_000,
    ...extra,
  };
}
