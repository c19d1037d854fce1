import { codingSpecSchema } from '@candor/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../modules/sandbox';
import { codingRound } from './coding';

/**
 * The demo's coding problems are only fair if their tests are right: a reference solution passes
 * every test, visible and hidden, and a plausible half-solution fails at least one hidden test
 * (so the hidden tests catch what the examples do not).
 */

const REFERENCE: Record<string, { solved: string; partial: string }> = {
  twoSum: {
    solved: `function twoSum(nums, target) {
      const seen = new Map();
      for (let i = 0; i < nums.length; i++) {
        if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
        seen.set(nums[i], i);
      }
    }`,
    partial: `function twoSum(nums, target) {
      for (let i = 0; i + 1 < nums.length; i++) if (nums[i] + nums[i + 1] === target) return [i, i + 1];
    }`,
  },
  isValid: {
    solved: `function isValid(s) {
      const pairs = { ')': '(', ']': '[', '}': '{' };
      const stack = [];
      for (const c of s) {
        if (c in pairs) { if (stack.pop() !== pairs[c]) return false; } else stack.push(c);
      }
      return stack.length === 0;
    }`,
    // Matches pairs but forgets the leftovers: "((" passes.
    partial: `function isValid(s) {
      const pairs = { ')': '(', ']': '[', '}': '{' };
      const stack = [];
      for (const c of s) {
        if (c in pairs) { if (stack.pop() !== pairs[c]) return false; } else stack.push(c);
      }
      return true;
    }`,
  },
  merge: {
    solved: `function merge(intervals) {
      const out = [];
      for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
        const last = out[out.length - 1];
        if (last && a <= last[1]) last[1] = Math.max(last[1], b); else out.push([a, b]);
      }
      return out;
    }`,
    // Forgets to sort and to keep the larger end.
    partial: `function merge(intervals) {
      const out = [];
      for (const [a, b] of intervals) {
        const last = out[out.length - 1];
        if (last && a <= last[1]) last[1] = b; else out.push([a, b]);
      }
      return out;
    }`,
  },
  lengthOfLongestSubstring: {
    solved: `function lengthOfLongestSubstring(s) {
      const last = new Map();
      let left = 0, best = 0;
      for (let right = 0; right < s.length; right++) {
        if (last.has(s[right]) && last.get(s[right]) >= left) left = last.get(s[right]) + 1;
        last.set(s[right], right);
        best = Math.max(best, right - left + 1);
      }
      return best;
    }`,
    // Moves the left edge without checking it stays inside the window ("abba").
    partial: `function lengthOfLongestSubstring(s) {
      const last = new Map();
      let left = 0, best = 0;
      for (let right = 0; right < s.length; right++) {
        if (last.has(s[right])) left = last.get(s[right]) + 1;
        last.set(s[right], right);
        best = Math.max(best, right - left + 1);
      }
      return best || 1;
    }`,
  },
};

/** Python references: the same problems, by their Python entry points. */
const PYTHON: Record<string, string> = {
  two_sum: `def two_sum(nums, target):
    seen = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return [seen[target - n], i]
        seen[n] = i`,
  is_valid: `def is_valid(s):
    pairs = {')': '(', ']': '[', '}': '{'}
    stack = []
    for c in s:
        if c in pairs:
            if not stack or stack.pop() != pairs[c]:
                return False
        else:
            stack.append(c)
    return not stack`,
  merge: `def merge(intervals):
    out = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out`,
  length_of_longest_substring: `def length_of_longest_substring(s):
    last, left, best = {}, 0, 0
    for right, c in enumerate(s):
        if last.get(c, -1) >= left:
            left = last[c] + 1
        last[c] = right
        best = max(best, right - left + 1)
    return best`,
};

describe('the demo coding round', () => {
  const sandbox = createSandbox();
  afterAll(() => sandbox.close());
  const problems = codingRound.questions!.filter((q) => q.coding);

  it('has four problems from easy to hard, each with visible and hidden tests', () => {
    expect(problems).toHaveLength(4);
    expect(new Set(problems.map((q) => q.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    for (const q of problems) codingSpecSchema.parse(q.coding);
  });

  it.each(problems.map((q) => [q.coding!.entryPoint.javascript, q] as const))(
    '%s: the reference passes every test, a half-solution fails a hidden one',
    async (entryPoint, q) => {
      const spec = codingSpecSchema.parse(q.coding);
      const run = (code: string) =>
        sandbox.run(
          {
            language: 'javascript',
            code,
            entryPoint,
            tests: spec.tests,
            timeLimitMs: spec.runLimitMs,
          },
          { owner: 'reference' },
        );
      const solved = await run(REFERENCE[entryPoint]!.solved);
      expect(solved.tests.map((t) => t.verdict)).toEqual(spec.tests.map(() => 'passed'));
      const partial = await run(REFERENCE[entryPoint]!.partial);
      const visible = spec.tests.map((t, i) => ({ t, r: partial.tests[i]! }));
      expect(visible.filter((x) => !x.t.hidden).every((x) => x.r.verdict === 'passed')).toBe(true);
      expect(visible.some((x) => x.t.hidden && x.r.verdict !== 'passed')).toBe(true);
    },
  );

  it('each Python reference passes every test, with the Python entry point and starter code', async () => {
    for (const q of problems) {
      const spec = codingSpecSchema.parse(q.coding);
      const entryPoint = spec.entryPoint.python;
      expect(spec.starterCode.python).toContain(`def ${entryPoint}(`);
      const result = await sandbox.run(
        {
          language: 'python',
          code: PYTHON[entryPoint]!,
          entryPoint,
          tests: spec.tests,
          timeLimitMs: spec.runLimitMs,
        },
        { owner: 'reference' },
      );
      expect(
        result.tests.map((t) => t.verdict),
        entryPoint,
      ).toEqual(spec.tests.map(() => 'passed'));
    }
  }, 120_000);
});
