import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/**
 * How deep a body, query or path may nest. The deepest input the API takes (a category export:
 * category, sets, questions, key points) is well under ten levels.
 */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'nul'; path: string } | { kind: 'depth'; path: string };

/**
 * The first problem in a parsed body or query, or null: a NUL character (PostgreSQL text cannot
 * hold U+0000) or nesting deeper than `maxDepth`. Walks with a stack of its own, so no input can
 * overflow the call stack (issue 12: `[[[[…]]]]` a hundred thousand deep made every route 500).
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { kind: 'nul', path: item.path };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    // Raw bytes (a recording's upload) are no text, and walking them byte by byte would be slow.
    if (ArrayBuffer.isView(v)) continue;
    if (item.depth >= maxDepth) return { kind: 'depth', path: item.path };
    const children: [string, unknown][] = Array.isArray(v)
      ? v.map((child, i) => [String(i), child])
      : Object.entries(v);
    // Pushed in reverse so the first field is looked at first, as a reader would.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!;
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes('\u0000')) return { kind: 'nul', path };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in the input would fail at the database, after
 * validation, as a 500. Refused up front instead, naming the field. (Found by the fuzzing suite.)
 * Input nested deeper than any route takes is refused too, before anything walks it recursively.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const problem = findInputProblem(value);
      if (!problem) continue;
      if (problem.kind === 'depth') {
        const message = `Input is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`;
        throw badRequest(`${where}: ${message}`, { [where]: message });
      }
      const field = problem.path || where;
      throw badRequest(`${field}: Text cannot contain NUL characters`, {
        [field]: 'Text cannot contain NUL characters',
      });
    }
  });
}
