import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent by another site (cross-site form posts and fetches): the
 * browser's Origin header must be one of ours; without it, Sec-Fetch-Site must not say cross-site.
 * SameSite=Lax cookies already keep sessions out of most of these; this closes the rest.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null' && allowed.has(origin)) return;
    if (origin || request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site request refused');
    }
  });
}
