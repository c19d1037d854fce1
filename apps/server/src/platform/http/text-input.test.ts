import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { ORIGIN } from '../../test/users';
import { MAX_INPUT_DEPTH, findInputProblem } from './text-input';

/** `depth` arrays inside each other around `inner`, as JSON text. */
const nestedArrays = (depth: number, inner = '1') =>
  `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** `depth` objects inside each other, as JSON text. */
const nestedObjects = (depth: number, key = 'a') =>
  `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

describe('the input check', () => {
  it('finds a NUL in a nested value or key, naming the field', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000y' }] })).toEqual({
      kind: 'nul',
      path: 'a.1.c',
    });
    expect(findInputProblem({ a: { 'bad\u0000key': 1 } })).toEqual({
      kind: 'nul',
      path: 'a.bad\u0000key',
    });
    expect(findInputProblem({ first: 'x\u0000', second: 'y\u0000' })).toMatchObject({
      path: 'first',
    });
    expect(findInputProblem({ name: 'Zoë O’Brien-Smith', tags: ['a', 'b'] })).toBeNull();
  });

  it('accepts nesting up to the limit and refuses deeper, without recursion', () => {
    expect(findInputProblem(JSON.parse(nestedArrays(MAX_INPUT_DEPTH)))).toBeNull();
    expect(findInputProblem(JSON.parse(nestedArrays(MAX_INPUT_DEPTH + 1)))).toMatchObject({
      kind: 'depth',
    });
    // Far deeper than any call stack: answered, not thrown.
    expect(findInputProblem(JSON.parse(nestedArrays(200_000)))).toMatchObject({ kind: 'depth' });
    expect(findInputProblem(JSON.parse(nestedObjects(200_000)))).toMatchObject({ kind: 'depth' });
  });

  it('walks a wide value whole', () => {
    const wide = Array.from({ length: 100_000 }, (_, i) => (i === 99_999 ? '\u0000' : 'x'));
    expect(findInputProblem({ wide })).toEqual({ kind: 'nul', path: 'wide.99999' });
  });
});

describe('deeply nested JSON through the API (issue 12, finding 10)', () => {
  const ctx = useTestApp('pglite');

  const post = (url: string, payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['arrays', nestedArrays(100_000)],
    ['objects', nestedObjects(100_000)],
    // secure-json-parse walks bodies naming __proto__ or constructor: that walk must cope too.
    ['objects with constructor keys', nestedObjects(50_000, 'constructor')],
    ['a sign-in body', `{"email":"ada@example.com","password":${nestedArrays(100_000, '"x"')}}`],
  ])(
    '%s tens of thousands deep: 400 naming the problem on an unauthenticated route',
    async (_, body) => {
      const res = await post('/api/auth/sign-in/email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `body: Input is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`,
      );
      // The server is fine afterwards.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );

  it('is not a 500 on a route that does not exist either', async () => {
    const res = await post('/api/nope', nestedArrays(100_000));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
