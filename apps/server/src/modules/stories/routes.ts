import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storyBodySchema, storyDraftSchema, storyListSchema, storySchema } from '@candor/shared';
import { loadOwned } from '../interviews';
import { createStory, deleteStory, listStories, storyDraft, updateStory } from './service';

const idParams = z.object({ id: z.uuid('id must be the id of one of your stories') });
const attemptParams = z.object({ id: z.string() });
const draftQuery = z.object({
  question: z.coerce
    .number({ error: 'question must be the position of a question in the report' })
    .int('question must be a whole number')
    .min(0, 'question must be 0 or more')
    .max(200, 'question must be at most 200'),
});

/** My stories (issue 30): the candidate's STAR stories, and a draft from a behavioural answer. */
export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.deps.guards.candidate);
  const me = (request: { sessionUser?: { id: string } | null }) => request.sessionUser!.id;

  app.get(
    '/user/stories',
    { schema: { tags: ['stories'], response: { 200: storyListSchema } } },
    async (request) => listStories(db, me(request)),
  );
  app.post(
    '/user/stories',
    { schema: { tags: ['stories'], body: storyBodySchema, response: { 200: storySchema } } },
    async (request) => createStory(db, me(request), request.body),
  );
  app.put(
    '/user/stories/:id',
    {
      schema: {
        tags: ['stories'],
        params: idParams,
        body: storyBodySchema,
        response: { 200: storySchema },
      },
    },
    async (request) => updateStory(db, me(request), request.params.id, request.body),
  );
  app.delete(
    '/user/stories/:id',
    {
      schema: {
        tags: ['stories'],
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => deleteStory(db, me(request), request.params.id),
  );
  app.get(
    '/interview/:id/story-draft',
    {
      // Someone else's attempt is 403/404 whatever they ask: decided before the query is read.
      preValidation: async (request) => {
        await loadOwned(db, me(request), (request.params as { id: string }).id);
      },
      schema: {
        tags: ['stories'],
        params: attemptParams,
        querystring: draftQuery,
        response: { 200: storyDraftSchema },
      },
    },
    async (request) => storyDraft(db, me(request), request.params.id, request.query.question),
  );
};
