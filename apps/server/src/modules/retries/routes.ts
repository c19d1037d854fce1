import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRetryBodySchema,
  createRetryResponseSchema,
  modelAnswerListSchema,
  questionProgressListSchema,
  retryOutcomeSchema,
} from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import { creditPolicy } from '../credits';
import { loadOwned } from '../interviews';
import { modelAnswersOf } from './model-answers';
import { questionProgress, retryOutcome } from './outcome';
import { createRetry } from './service';

const idParams = z.object({ id: z.string() });

/**
 * The practice loop's retries (issue 30): retry one question of a report, the retry beside the
 * first try, the first, best and latest score of each question retried, and the model answers
 * of a report (after the candidate's own). Owner only.
 */
export const retryRoutes: FastifyPluginAsyncZod<{ provider: AiProvider }> = async (
  app,
  options,
) => {
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

  app.get(
    '/interview/:id/model-answers',
    { schema: { tags: ['retries'], params: idParams, response: { 200: modelAnswerListSchema } } },
    async (request) =>
      modelAnswersOf(
        { db, provider: options.provider, log: request.log },
        request.sessionUser!.id,
        request.params.id,
      ),
  );
};
