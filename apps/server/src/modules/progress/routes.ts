import {
  historyQuerySchema,
  historyResponseSchema,
  idParamSchema,
  scoreComparisonSchema,
  userStatsSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedJson, sendJson } from '../../platform/cache/cached-json';
import { creditPolicy } from '../credits';
import { comparison, history, userStats } from './service';

/** A candidate's own progress: the dashboard numbers and the history list. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.candidate);
  app.get(
    '/user/stats',
    { schema: { tags: ['progress'], response: { 200: userStatsSchema } } },
    (request) =>
      userStats(db, request.sessionUser!.id, {
        policy: creditPolicy(app.deps.config),
        now: app.deps.now(),
      }),
  );
  app.get(
    '/interview',
    {
      schema: {
        tags: ['progress'],
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.sessionUser!.id;
      const { json } = await cachedJson(
        app.deps.readCache,
        userId,
        `history:${JSON.stringify(request.query)}`,
        () => history(db, userId, request.query, app.deps.now()),
        { schema: historyResponseSchema },
      );
      return sendJson(reply, json);
    },
  );
  app.get(
    '/interview/:id/comparison',
    {
      schema: {
        tags: ['progress'],
        params: idParamSchema,
        response: { 200: scoreComparisonSchema },
      },
    },
    (request) => comparison(db, request.sessionUser!.id, request.params.id),
  );
};
