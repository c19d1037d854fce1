import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { Metrics } from './metrics';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Whether the Authorization header carries `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? crypto.timingSafeEqual(digest(m[1]!), digest(token)) : false;
}

/**
 * `GET /metrics` in Prometheus's text format, and the HTTP timings behind it. Off (404, as if it
 * did not exist, and nothing measured) unless METRICS_TOKEN is set; then only a scraper sending
 * `Authorization: Bearer $METRICS_TOKEN` reads it (401 otherwise). Registered on the root so the
 * timing hook sees every route; the route pattern labels each request, never the raw URL.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined },
) {
  const { metrics, token } = options;
  if (metrics.enabled) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const body = token ? await metrics.render() : null;
    // Through the one error handler, so these bodies carry their code like every other refusal.
    if (!token || !body) throw new AppError(404, 'Not found');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'A valid metrics token is required');
    }
    return reply.header('cache-control', 'no-store').type(body.contentType).send(body.body);
  });
}
