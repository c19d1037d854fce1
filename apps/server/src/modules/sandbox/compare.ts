import type { CodingTest } from './protocol';

/**
 * The host's comparison of what the code returned with what it must return (decision 031). The
 * returned JSON comes from candidate code, so nothing here recurses without a bound: a value
 * nested deeper than any expected value can be is "failed" before it is parsed (`'['*200000`
 * once took the server down with a RangeError), and its length is capped before it gets here.
 */

/** Deeper than any expected value of a test (10,000 characters of JSON): not equal to any. */
export const MAX_DEPTH = 200;

/** How deeply arrays and objects nest in a JSON text, strings skipped; one pass, no recursion. */
export function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) deepest = Math.max(deepest, ++depth);
    else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

class TooDeep extends Error {}

/** Stable JSON of a value with object keys sorted: {"b":1,"a":2} equals {"a":2,"b":1}. */
function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function floatsEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => floatsEqual(x, b[i], depth + 1));
  }
  return canonical(a, depth) === canonical(b, depth);
}

/** Whether what the code returned (JSON) is the expected value under the test's comparison. */
export function matches(actualJson: string, test: CodingTest): boolean {
  if (nestingDepth(actualJson) > MAX_DEPTH || nestingDepth(test.expected) > MAX_DEPTH) return false;
  try {
    const actual: unknown = JSON.parse(actualJson);
    const expected: unknown = JSON.parse(test.expected);
    switch (test.compare ?? 'exact') {
      case 'any-order': {
        if (!Array.isArray(actual) || !Array.isArray(expected)) return false;
        const sort = (xs: unknown[]) => xs.map((x) => canonical(x, 1)).sort();
        return canonical(sort(actual)) === canonical(sort(expected));
      }
      case 'float':
        return floatsEqual(actual, expected);
      default:
        return canonical(actual) === canonical(expected);
    }
  } catch {
    // Not JSON, or deeper than the bound after all: not the expected value.
    return false;
  }
}
