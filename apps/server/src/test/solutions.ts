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
