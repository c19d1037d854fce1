import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});

/** `GET /api/health`: 200 when the database answers, 503 naming the failing part otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } } },
    async (request, reply) => {
      try {
        await Promise.race([
          app.deps.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 2_000)),
        ]);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error' });
      }
    },
  );
};
