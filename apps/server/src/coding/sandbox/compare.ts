import type { CodingTest } from './protocol';

/** Stable JSON of a value with object keys sorted: {"b":1,"a":2} equals {"a":2,"b":1}. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function floatsEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => floatsEqual(x, b[i]));
  }
  return canonical(a) === canonical(b);
}

/** Whether what the code returned (JSON) is the expected value under the test's comparison. */
export function matches(actualJson: string, test: CodingTest): boolean {
  let actual: unknown;
  let expected: unknown;
  try {
    actual = JSON.parse(actualJson);
    expected = JSON.parse(test.expected);
  } catch {
    return false;
  }
  switch (test.compare ?? 'exact') {
    case 'any-order': {
      if (!Array.isArray(actual) || !Array.isArray(expected)) return false;
      const sort = (xs: unknown[]) => xs.map(canonical).sort();
      return canonical(sort(actual)) === canonical(sort(expected));
    }
    case 'float':
      return floatsEqual(actual, expected);
    default:
      return canonical(actual) === canonical(expected);
  }
}
