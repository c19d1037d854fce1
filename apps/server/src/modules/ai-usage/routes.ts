import { aiUsageQuerySchema, aiUsageReportSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiPrices, usageReport } from './service';

/** Admin analytics: AI usage and estimated cost per day, candidate and interview set. */
export const aiUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config } = app.deps;
  const prices = aiPrices(config);
  app.addHook('onRequest', guards.admin);
  app.get(
    '/admin/analytics/usage',
    {
      schema: {
        tags: ['admin: people'],
        querystring: aiUsageQuerySchema,
        response: { 200: aiUsageReportSchema },
      },
    },
    (request) => usageReport(db, prices, request.query.days, app.deps.now()),
  );
};
