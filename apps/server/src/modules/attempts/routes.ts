import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  correctAnswerBodySchema,
  correctAnswerResponseSchema,
  createInterviewBodySchema,
  createInterviewResponseSchema,
  finishCheckResponseSchema,
  interviewDetailSchema,
  updateInterviewBodySchema,
} from '@candor/shared';
import type { CreditPolicy } from '../credits';
import { getInterview, loadOwned } from '../interviews';
import { correctAnswer, finishCheck } from './answer-check';
import type { AttemptDeps } from './lifecycle';
import { updateInterview } from './save';
import { createInterview } from './service';

export interface AttemptRoutesOptions {
  /** The turns and what follows an attempt's end (plugin.ts). */
  deps: AttemptDeps;
  /** The operator's credit limit and period: a new attempt needs a credit left. */
  credits: CreditPolicy;
}

const idParams = z.object({ id: z.string() });
const answerParams = z.object({ id: z.string(), answerId: z.string().max(100) });

/**
 * Attempts (`POST /api/interview`, `GET|PUT /api/interview/:id`) and "Check your answers" after
 * they end (`PATCH /api/interview/:id/answers/:answerId`, `POST /api/interview/:id/check`;
 * decision 024). The live channel (`GET /api/interview/:id/live`) is modules/live's; the history
 * list `GET /api/interview`, the catalogue paths under /api/interview and reports belong to other
 * modules.
 */
export const attemptRoutes: FastifyPluginAsyncZod<AttemptRoutesOptions> = async (app, options) => {
  const { db } = app.deps;
  const { deps } = options;

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Before the body is parsed: an anonymous caller gets 401 whatever it sends.
    scope.addHook('onRequest', app.deps.guards.candidate);

    scope.post(
      '/interview',
      {
        schema: {
          tags: ['interviews'],
          body: createInterviewBodySchema,
          response: { 200: createInterviewResponseSchema },
        },
      },
      async (request) =>
        createInterview(
          db,
          {
            policy: options.credits,
            now: app.deps.now(),
            coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
          },
          request.sessionUser!.id,
          request.body,
        ),
    );

    scope.get(
      '/interview/:id',
      {
        schema: {
          tags: ['interviews'],
          params: idParams,
          response: { 200: interviewDetailSchema },
        },
      },
      async (request) =>
        getInterview(db, request.sessionUser!.id, request.params.id, app.deps.now()),
    );

    scope.put(
      '/interview/:id',
      {
        schema: {
          tags: ['interviews'],
          params: idParams,
          body: updateInterviewBodySchema,
          response: { 200: interviewDetailSchema },
        },
      },
      async (request) =>
        updateInterview(deps, request.sessionUser!.id, request.params.id, request.body),
    );

    // Owner only, decided before the body is read: someone else's attempt is 403/404 whatever
    // they send (as the live channel's handshake).
    const ownerFirst = async (request: {
      params: unknown;
      sessionUser?: { id: string } | null;
    }) => {
      await loadOwned(db, request.sessionUser!.id, (request.params as { id: string }).id);
    };

    scope.patch(
      '/interview/:id/answers/:answerId',
      {
        preValidation: ownerFirst,
        schema: {
          tags: ['interviews'],
          params: answerParams,
          body: correctAnswerBodySchema,
          response: { 200: correctAnswerResponseSchema },
        },
      },
      async (request) =>
        correctAnswer(
          deps,
          request.sessionUser!.id,
          request.params.id,
          request.params.answerId,
          request.body.text,
        ),
    );

    scope.post(
      '/interview/:id/check',
      {
        preValidation: ownerFirst,
        schema: {
          tags: ['interviews'],
          params: idParams,
          response: { 200: finishCheckResponseSchema },
        },
      },
      async (request) => finishCheck(deps, request.sessionUser!.id, request.params.id),
    );
  });
};
