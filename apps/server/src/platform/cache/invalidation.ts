import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Invalidation, ReadCache } from './read-cache';
import { createRelay, type Relay } from './relay';
import { authEndpoint, authEndpointNeedsWriter, scopesOfWrite } from './write-scopes';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const AUTH_ROUTES: Record<string, 'candidate' | 'admin'> = {
  '/api/auth/*': 'candidate',
  '/api/admin-auth/*': 'admin',
};
/** The writer of an auth request could not be found (the database failed): assume anyone. */
const UNKNOWN = Symbol('unknown writer');

export interface InvalidationDeps {
  database: Database;
  /**
   * Who signs in on the request's session for that portal (auth/guards.ts's readSessionUser): the
   * auth module answers, so the cache knows nothing of sessions.
   */
  writerOf: (portal: 'candidate' | 'admin', request: FastifyRequest) => Promise<string | null>;
  /** The cache's time to live (0: this process caches nothing, but others may). */
  ttlMs: number;
}

/**
 * Invalidation after writes that happened (write-scopes.ts): when a writing route answers with
 * success, before the answer leaves, the entries it changed are dropped here and, through the
 * relay, in every other process on the same PostgreSQL. Refused requests change nothing, so a
 * flood of them (404s, cross-site 403s, 429s) costs the cache nothing.
 */
export async function wireReadCacheInvalidation(
  app: FastifyInstance,
  cache: ReadCache,
  deps: InvalidationDeps,
): Promise<Relay | null> {
  const writers = new WeakMap<FastifyRequest, string | null | typeof UNKNOWN>();

  // Sign-out, password change and the like end or change the session that names the user: find
  // who it is before better-auth runs (usually a cache hit).
  app.addHook('preHandler', async (request) => {
    if (SAFE.has(request.method) || !request.headers.cookie) return;
    const portal = AUTH_ROUTES[request.routeOptions.url ?? ''];
    if (!portal || !authEndpointNeedsWriter(authEndpoint(request.url))) return;
    try {
      writers.set(request, await deps.writerOf(portal, request));
    } catch (err) {
      request.log.warn({ err }, 'read cache: could not tell who is writing');
      writers.set(request, UNKNOWN);
    }
  });

  const warned = new Set<string>();
  app.addHook('onSend', async (request, reply) => {
    if (SAFE.has(request.method) || reply.statusCode >= 400) return;
    const route = request.routeOptions.url;
    if (!route) return;
    const known = writers.get(request);
    const changes =
      known === UNKNOWN
        ? [{ kind: 'all' } as const]
        : scopesOfWrite(request.method, route, {
            params: request.params,
            writer: known ?? request.sessionUser?.id ?? null,
            authEndpoint: AUTH_ROUTES[route] ? authEndpoint(request.url) : undefined,
          });
    if (changes === null) {
      const name = `${request.method} ${route}`;
      if (!warned.has(name)) {
        warned.add(name);
        app.log.warn(
          { route: name },
          'read cache: no invalidation declared for this route (platform/cache/write-scopes.ts); dropping everything after each success',
        );
      }
    }
    for (const change of changes ?? [{ kind: 'all' }]) invalidate(cache, change);
  });

  const channel = deps.database.channel;
  if (!channel) return null;
  const relay = createRelay({
    cache,
    channel,
    giveUpAfterMs: deps.ttlMs > 0 ? deps.ttlMs : 10_000,
    log: app.log,
  });
  app.addHook('onClose', async () => relay.close());
  await relay.start().catch((err: unknown) => {
    app.log.warn({ err }, 'read cache: listening for other processes failed; retrying');
  });
  return relay;
}

function invalidate(cache: ReadCache, change: Invalidation) {
  if (change.kind === 'user') cache.invalidateUser(change.userId);
  else if (change.kind === 'tag') cache.invalidateTag(change.tag);
  else cache.invalidateAll();
}
