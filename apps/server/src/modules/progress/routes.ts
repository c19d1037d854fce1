import { historyQuerySchema, idParamSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { comparison, history, userStats } from './service';

/** A candidate's own progress: the dashboard numbers and the history list. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.candidate);
  app.get('/user/stats', { schema: { tags: ['progress'] } }, (request) =>
    userStats(db, request.sessionUser!.id),
  );
  app.get(
    '/interview',
    { schema: { tags: ['progress'], querystring: historyQuerySchema } },
    (request) => history(db, request.sessionUser!.id, request.query),
  );
  app.get(
    '/interview/:id/comparison',
    { schema: { tags: ['progress'], params: idParamSchema } },
    (request) => comparison(db, request.sessionUser!.id, request.params.id),
  );
};
