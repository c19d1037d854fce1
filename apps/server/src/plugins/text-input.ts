import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/** Where in a parsed body or query the first NUL character is, as a field path, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return child;
      const found = findNul(item, child);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in the input would fail at the database, after
 * validation, as a 500. Refused up front instead, naming the field. (Found by the fuzzing suite.)
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findNul(value);
      if (field !== null) {
        const name = field || where;
        throw badRequest(`${name}: Text cannot contain NUL characters`, {
          [name]: 'Text cannot contain NUL characters',
        });
      }
    }
  });
}
