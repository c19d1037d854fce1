import type { SeedSet } from './types';

/**
 * The demo's coding round (issue 16): four problems from junior to senior, each with starter code
 * in JavaScript and Python, visible examples and hidden tests on the edges (empty input, one
 * element, repeats). The expected answer is the approach a strong candidate talks through.
 */

const tests = (
  visible: [unknown[], unknown][],
  hidden: [unknown[], unknown][],
  compare: 'exact' | 'any-order' = 'exact',
) => [
  ...visible.map(([input, expected]) => ({
    input: JSON.stringify(input),
    expected: JSON.stringify(expected),
    compare,
    hidden: false,
  })),
  ...hidden.map(([input, expected]) => ({
    input: JSON.stringify(input),
    expected: JSON.stringify(expected),
    compare,
    hidden: true,
  })),
];

export const codingRound: SeedSet = {
  title: 'Coding Round: Arrays, Strings and Stacks',
  description:
    'Solve four problems in the editor while you talk them through: run the examples, submit against hidden tests, and explain your complexity.',
  type: 'fixed',
  difficulty: 'mid',
  duration: 45,
  topics: ['Arrays and Strings', 'Hash Tables', 'Stacks and Queues', 'Sorting', 'Big-O'],
  questions: [
    {
      questionText:
        'Before we code: tell me about a piece of code you wrote recently that you are proud of, and why.',
      expectedAnswer:
        'A good warm-up answer names a concrete piece of code, the problem it solved and for whom, one decision the candidate made and why (a data structure, a test strategy, a simplification), and what they learned or would change. It stays short: two or three sentences on each part.',
      kind: 'warm-up',
      keyPoints: [
        'Names a concrete piece of code',
        'Says what problem it solved',
        'Explains one decision and why',
        'Says what they learned or would change',
      ],
      difficulty: 'easy',
      timeLimit: 120,
    },
    {
      questionText:
        'Two sum: given an array of numbers and a target, return the indices of the two numbers that add up to the target. Exactly one pair does. Talk me through your approach as you code.',
      expectedAnswer:
        'The brute force checks every pair in O(n squared) time. Better: walk the array once with a hash map from value to index. For each number, look up target minus the number; if it is in the map, return both indices, otherwise store the number with its index. That is O(n) time and O(n) space. Edge cases: the same value twice, negative numbers, and not reusing one element for both halves of the pair.',
      kind: 'coding',
      keyPoints: [
        'Brute force checks every pair in O(n squared)',
        'A hash map from value to index gives one pass',
        'Look up the complement, target minus the number',
        'O(n) time and O(n) space',
        'Do not reuse the same element twice',
      ],
      difficulty: 'easy',
      timeLimit: 600,
      coding: {
        entryPoint: { javascript: 'twoSum', python: 'two_sum' },
        starterCode: {
          javascript:
            'function twoSum(nums, target) {\n  // Return the two indices whose numbers add up to target.\n}\n',
          python:
            'def two_sum(nums, target):\n    # Return the two indices whose numbers add up to target.\n    pass\n',
        },
        tests: tests(
          [
            [
              [[2, 7, 11, 15], 9],
              [0, 1],
            ],
            [
              [[3, 2, 4], 6],
              [1, 2],
            ],
          ],
          [
            [
              [[3, 3], 6],
              [0, 1],
            ],
            [
              [[-1, -2, -3, -4, -5], -8],
              [2, 4],
            ],
            [
              [[0, 4, 3, 0], 0],
              [0, 3],
            ],
          ],
          'any-order',
        ),
        expectedComplexity: 'O(n) time, O(n) space',
        runLimitMs: 2000,
      },
    },
    {
      questionText:
        'Valid brackets: given a string of the characters ( ) [ ] { }, return whether every bracket is closed by the right kind in the right order.',
      expectedAnswer:
        'Use a stack. Push each opening bracket; on a closing bracket, the stack must not be empty and its top must be the matching opener, which you pop. At the end the string is valid only if the stack is empty. Each character is pushed and popped at most once, so it is O(n) time and O(n) space. Edge cases: the empty string is valid, a lone closing bracket is not, and leftover openers make it invalid.',
      kind: 'coding',
      keyPoints: [
        'Use a stack of opening brackets',
        'A closing bracket must match the top of the stack',
        'The string is valid only if the stack ends empty',
        'O(n) time and O(n) space',
        'The empty string is valid',
      ],
      difficulty: 'medium',
      timeLimit: 600,
      coding: {
        entryPoint: { javascript: 'isValid', python: 'is_valid' },
        starterCode: {
          javascript:
            'function isValid(s) {\n  // Return true when every bracket is closed properly.\n}\n',
          python:
            'def is_valid(s):\n    # Return True when every bracket is closed properly.\n    pass\n',
        },
        tests: tests(
          [
            [['()[]{}'], true],
            [['(]'], false],
            [['{[()]}'], true],
          ],
          [
            [[''], true],
            [[']'], false],
            [['(('], false],
            [['([)]'], false],
          ],
        ),
        expectedComplexity: 'O(n) time, O(n) space',
        runLimitMs: 2000,
      },
    },
    {
      questionText:
        'Merge intervals: given a list of [start, end] intervals in any order, merge the ones that overlap and return the result sorted by start.',
      expectedAnswer:
        'Sort the intervals by start. Walk them keeping the last merged interval: if the next one starts at or before its end, extend the end to the larger of the two ends; otherwise start a new merged interval. Sorting dominates, so it is O(n log n) time, and O(n) space for the output. Edge cases: an empty list, intervals that only touch (end equals the next start) merge, and one interval inside another.',
      kind: 'coding',
      keyPoints: [
        'Sort the intervals by start first',
        'Extend the last merged interval when the next overlaps',
        'Take the larger end when merging',
        'O(n log n) time because of the sort',
        'Touching intervals and nested intervals merge',
      ],
      difficulty: 'medium',
      timeLimit: 900,
      coding: {
        entryPoint: { javascript: 'merge', python: 'merge' },
        starterCode: {
          javascript:
            'function merge(intervals) {\n  // Return the merged intervals, sorted by start.\n}\n',
          python:
            'def merge(intervals):\n    # Return the merged intervals, sorted by start.\n    pass\n',
        },
        tests: tests(
          [
            [
              [
                [
                  [1, 3],
                  [2, 6],
                  [8, 10],
                  [15, 18],
                ],
              ],
              [
                [1, 6],
                [8, 10],
                [15, 18],
              ],
            ],
            [
              [
                [
                  [1, 4],
                  [4, 5],
                ],
              ],
              [[1, 5]],
            ],
          ],
          [
            [[[]], []],
            [
              [
                [
                  [5, 7],
                  [1, 10],
                ],
              ],
              [[1, 10]],
            ],
            [
              [
                [
                  [6, 8],
                  [1, 3],
                  [2, 4],
                ],
              ],
              [
                [1, 4],
                [6, 8],
              ],
            ],
          ],
        ),
        expectedComplexity: 'O(n log n) time, O(n) space',
        runLimitMs: 2000,
      },
    },
    {
      questionText:
        'Longest substring without repeats: given a string, return the length of its longest substring in which no character repeats. I am interested in how you get below quadratic time.',
      expectedAnswer:
        'A sliding window: keep a left edge and a map from each character to the last index it was seen. Move the right edge one character at a time; if the character was seen inside the window, move the left edge just past its last position. The window is always free of repeats, so track its largest size. Each index enters and leaves the window once: O(n) time, and O(k) space for the alphabet. Edge cases: the empty string returns 0 and a string of one repeated character returns 1.',
      kind: 'coding',
      keyPoints: [
        'A sliding window with a left and a right edge',
        'A map from character to its last index',
        'Move the left edge past the previous occurrence',
        'O(n) time instead of checking every substring',
        'The empty string gives 0',
      ],
      difficulty: 'hard',
      timeLimit: 900,
      coding: {
        entryPoint: {
          javascript: 'lengthOfLongestSubstring',
          python: 'length_of_longest_substring',
        },
        starterCode: {
          javascript:
            'function lengthOfLongestSubstring(s) {\n  // Return the length of the longest substring without repeating characters.\n}\n',
          python:
            'def length_of_longest_substring(s):\n    # Return the length of the longest substring without repeating characters.\n    pass\n',
        },
        tests: tests(
          [
            [['abcabcbb'], 3],
            [['bbbbb'], 1],
            [['pwwkew'], 3],
          ],
          [
            [[''], 0],
            [['abba'], 2],
            [['dvdf'], 3],
            [['abcdefghijklmnopqrstuvwxyz'.repeat(200)], 26],
          ],
        ),
        expectedComplexity: 'O(n) time, O(k) space for the alphabet',
        runLimitMs: 2000,
      },
    },
  ],
};
