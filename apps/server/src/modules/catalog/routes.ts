import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedJson, sendJson } from '../../platform/cache/cached-json';
import { CATALOGUE } from '../../platform/cache/read-cache';
import { availableCategories, availableSet, availableSets, quickPracticeSets } from './service';

const setIdParams = z.object({ id: z.string() });

/** What candidates browse: only active sets in active categories. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.candidate);
  const tags = ['catalogue'];

  app.get('/interview/quick-practice', { schema: { tags } }, (request) =>
    quickPracticeSets(db, request.sessionUser!.id),
  );
  app.get('/interview/categories/available', { schema: { tags } }, () => availableCategories(db));
  app.get('/interview/sets/available', { schema: { tags } }, async (request, reply) => {
    const userId = request.sessionUser!.id;
    const { json } = await cachedJson(
      app.deps.readCache,
      userId,
      'sets-available',
      () => availableSets(db, userId),
      { tags: [CATALOGUE] },
    );
    return sendJson(reply, json);
  });
  // Any id: one that is not a set's (malformed included) is 'Interview set not found', a message
  // the interview screen can stand behind, not a validation string about the URL.
  app.get('/interview/sets/:id', { schema: { tags, params: setIdParams } }, (request) =>
    availableSet(db, request.params.id, request.sessionUser!.id),
  );
};
