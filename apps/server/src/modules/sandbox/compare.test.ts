import { describe, expect, it } from 'vitest';
import { matches, MAX_DEPTH, nestingDepth } from './compare';

/** The host's comparison never recurses without a bound on what a candidate returned (issue 24, finding 3). */
describe('comparing a returned value with the expected one', () => {
  it('compares exactly, in any order and within 1e-6', () => {
    expect(
      matches('{"b": [1, 2], "a": null}', { input: '[]', expected: '{"a":null,"b":[1,2]}' }),
    ).toBe(true);
    expect(
      matches('[[2, 1], [1, 2]]', { input: '[]', expected: '[[1,2],[2,1]]', compare: 'any-order' }),
    ).toBe(true);
    expect(
      matches('[0.30000000000000004]', { input: '[]', expected: '[0.3]', compare: 'float' }),
    ).toBe(true);
    expect(matches('[1, 2]', { input: '[]', expected: '[2,1]' })).toBe(false);
    expect(matches('not json', { input: '[]', expected: '1' })).toBe(false);
  });

  it('says "not equal" to a value nested 200,000 deep, in any comparison, without throwing', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    for (const compare of ['exact', 'any-order', 'float'] as const) {
      expect(() => matches(deep, { input: '[]', expected: '[[]]', compare })).not.toThrow();
      expect(matches(deep, { input: '[]', expected: '[[]]', compare })).toBe(false);
    }
    // Objects too, and brackets inside strings do not count.
    expect(
      matches('{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000), { input: '[]', expected: '1' }),
    ).toBe(false);
    expect(nestingDepth('["[[[[", {"k": "]]]"}]')).toBe(2);
    expect(nestingDepth('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1))).toBe(MAX_DEPTH + 1);
  });
});
