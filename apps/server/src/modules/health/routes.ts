import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});

const readyResponse = z.object({
  status: z.enum(['ready', 'starting', 'unavailable']),
  db: z.enum(['ok', 'error', 'unknown']),
});

/** How long a probe waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2_000;

/**
 * `GET /api/health` (liveness): 200 when the database answers, 503 naming the failing part
 * otherwise. `GET /api/ready` (readiness): 200 once the start (migrations, seeding) is over and the
 * database answers; 503 while starting or while the database cannot be reached, so a load
 * balancer sends no traffic here until it can be served.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Whether the database answers in time; when it does not, the probe logs why. */
  const databaseAnswers = async (request: FastifyRequest, probe: string) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.deps.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch (err) {
      request.log.warn({ err }, `${probe}: database unreachable`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } } },
    async (request, reply) => {
      if (await databaseAnswers(request, 'health check')) {
        return { status: 'ok' as const, db: 'ok' as const };
      }
      return reply.status(503).send({ status: 'error', db: 'error' });
    },
  );

  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: readyResponse, 503: readyResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.deps.startup.state !== 'ready') {
        return reply.status(503).send({ status: 'starting', db: 'unknown' });
      }
      if (await databaseAnswers(request, 'readiness check')) {
        return { status: 'ready' as const, db: 'ok' as const };
      }
      return reply.status(503).send({ status: 'unavailable', db: 'error' });
    },
  );
};
