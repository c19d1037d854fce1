import type { z } from 'zod';
import type { ReadCache } from './read-cache';

/**
 * A candidate's read through the cache, kept as the JSON text the route would send (parsed through
 * its response schema first, so nothing unlisted leaves the server). Send it with
 * `reply.type('application/json; charset=utf-8')`: Fastify passes strings through unserialised.
 */
export async function cachedJson<T>(
  cache: ReadCache,
  userId: string,
  key: string,
  load: () => Promise<T>,
  options: {
    schema?: z.ZodType;
    /** The part of the loaded value that is the response body (all of it by default). */
    body?: (value: T) => unknown;
    cacheable?: (value: T) => boolean;
    /**
     * Shared data the read shows besides the candidate's own, e.g. CATALOGUE for a list of sets:
     * an administrator's edit of it drops the entry. (History and reports show snapshots taken when
     * the attempt was created, so they carry none.)
     */
    tags?: readonly string[];
  } = {},
): Promise<{ json: string; value: T }> {
  return cache.through(
    `read:${userId}:${key}`,
    async () => {
      const value = await load();
      const raw = options.body ? options.body(value) : value;
      const body = options.schema ? options.schema.parse(raw) : raw;
      return { json: JSON.stringify(body), value };
    },
    () => userId,
    (entry) => options.cacheable?.(entry.value) ?? true,
    options.tags,
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends cached JSON text as is (a string skips the route's serializer; the schema ran at load). */
export function sendJson<R extends { type(contentType: string): unknown }>(
  reply: R,
  json: string,
): R {
  (reply.type(JSON_TYPE) as { send(payload: string): unknown }).send(json);
  return reply;
}
