import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { ReadCache } from './read-cache';

const CHANNEL = 'candor_read_cache';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write through the API invalidates before its answer leaves: a candidate's own request
 * drops that candidate's entries; the admin portal, sign-in, sign-out and password traffic drop
 * everything (catalogue, accounts and sessions change there). Other processes on the same
 * PostgreSQL hear of each invalidation over LISTEN/NOTIFY.
 */
export async function wireReadCacheInvalidation(
  app: FastifyInstance,
  cache: ReadCache,
  database: Database,
) {
  app.addHook('onSend', async (request) => {
    if (SAFE.has(request.method)) return;
    const user = request.sessionUser;
    if (user && user.role !== 'admin' && !request.url.startsWith('/api/admin')) {
      cache.invalidateUser(user.id);
    } else {
      cache.invalidateAll();
    }
  });

  const channel = database.channel;
  if (!channel) return;
  const me = crypto.randomUUID();
  cache.onInvalidate(({ userId }) => {
    channel.notify(CHANNEL, JSON.stringify({ from: me, userId })).catch((err: unknown) => {
      app.log.warn({ err }, 'read cache: could not tell other processes');
    });
  });
  const onMessage = (payload: string) => {
    try {
      const { from, userId } = JSON.parse(payload) as { from: string; userId: string | null };
      if (from === me) return;
      if (userId) cache.invalidateUser(userId, true);
      else cache.invalidateAll(true);
    } catch {
      cache.invalidateAll(true);
    }
  };
  // A reconnect may have missed messages: start clean.
  const onGap = () => cache.invalidateAll(true);
  await channel.listen(CHANNEL, onMessage, onGap).catch((err: unknown) => {
    app.log.warn({ err }, 'read cache: listening for other processes failed; retrying');
  });
}
