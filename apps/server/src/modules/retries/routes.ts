import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRetryBodySchema,
  createRetryResponseSchema,
  questionProgressListSchema,
  retryOutcomeSchema,
} from '@candor/shared';
import { creditPolicy } from '../credits';
import { loadOwned } from '../interviews';
import { questionProgress, retryOutcome } from './outcome';
import { createRetry } from './service';

const idParams = z.object({ id: z.string() });

/**
 * The practice loop's retries (issue 30): retry one question of a report, the retry beside the
 * first try, and the first, best and latest score of each question retried. Owner only.
 */
export const retryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.deps.guards.candidate);

  app.post(
    '/interview/:id/retries',
    {
      // Someone else's attempt is 403/404 whatever they send: decided before the body is read.
      preValidation: async (request) => {
        await loadOwned(db, request.sessionUser!.id, (request.params as { id: string }).id);
      },
      schema: {
        tags: ['retries'],
        params: idParams,
        body: createRetryBodySchema,
        response: { 200: createRetryResponseSchema },
      },
    },
    async (request) =>
      createRetry(
        db,
        {
          policy: creditPolicy(app.deps.config),
          now: app.deps.now(),
          coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
        },
        request.sessionUser!.id,
        request.params.id,
        request.body.question,
      ),
  );

  app.get(
    '/interview/:id/retry-outcome',
    { schema: { tags: ['retries'], params: idParams, response: { 200: retryOutcomeSchema } } },
    async (request) => retryOutcome(db, request.sessionUser!.id, request.params.id),
  );

  app.get(
    '/user/question-progress',
    { schema: { tags: ['retries'], response: { 200: questionProgressListSchema } } },
    async (request) => questionProgress(db, request.sessionUser!.id),
  );
};
