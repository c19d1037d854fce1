import { auditLogQuerySchema, auditLogResponseSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntries } from './service';

/** The audit log, for administrators only (a coach's views are in it, not theirs to read). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.admin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin: audit'],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
    },
    (request) => auditEntries(db, request.query),
  );
};
