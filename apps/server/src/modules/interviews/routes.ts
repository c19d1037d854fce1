import websocket from '@fastify/websocket';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  correctAnswerBodySchema,
  correctAnswerResponseSchema,
  LIVE_AUDIO,
  MAX_LIVE_FRAME_BYTES,
  createInterviewBodySchema,
  createInterviewResponseSchema,
  finishCheckResponseSchema,
  interviewDetailSchema,
  interviewSetupSchema,
  updateInterviewBodySchema,
} from '@candor/shared';
import { forbidden, unauthorized } from '../../platform/errors';
import { CROSS_SITE_MESSAGE } from '../../platform/http/same-origin';
import { correctAnswer, finishCheck } from './answer-check';
import { handleLiveConnection } from './live';
import { speechModes } from '../speech/live-speech';
import { loadOwned } from './repository';
import type { InterviewRuntime } from './runtime';
import { createInterview, getInterview, updateInterview } from './service';

export interface InterviewRoutesOptions {
  /** The module's turns, replies, sockets and sweep, built by app.ts (runtime.ts). */
  runtime: InterviewRuntime;
}

const idParams = z.object({ id: z.string() });
const answerParams = z.object({ id: z.string(), answerId: z.string().max(100) });

/**
 * Attempts (`POST /api/interview`, `GET|PUT /api/interview/:id`), their live channel
 * (`GET /api/interview/:id/live`, WebSocket) and "Check your answers" after they end
 * (`PATCH /api/interview/:id/answers/:answerId`, `POST /api/interview/:id/check`; decision 024). The history list `GET /api/interview`, the
 * catalogue paths under /api/interview and reports belong to other modules.
 */
export const interviewRoutes: FastifyPluginAsyncZod<InterviewRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = app.deps;
  const { deps, sockets } = options.runtime;
  const changed = (userId: string) => app.deps.readCache.invalidateUser(userId);
  /** The session each live handshake was authorised with, for the socket's handler. */
  const handshakeSessions = new WeakMap<object, string>();

  // Frames are small JSON, bounding a hostile client; with server recognition a frame may carry a
  // whole utterance (live-audio.ts).
  const maxPayload = deps.speech.transcriber ? MAX_LIVE_FRAME_BYTES : LIVE_AUDIO.maxTextFrameBytes;
  await app.register(websocket, { options: { maxPayload } });

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
            policy: deps.credits,
            now: app.deps.now(),
            coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
          },
          request.sessionUser!.id,
          request.body,
        ),
    );

    // Who recognises and speaks (STT_PROVIDER, TTS_PROVIDER): the pre-start screen offers a
    // spoken interview in browsers without Web Speech when the server recognises (decision 022).
    scope.get(
      '/interview/speech',
      { schema: { tags: ['interviews'], response: { 200: interviewSetupSchema } } },
      async () => ({
        ...speechModes(deps.speech),
        coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
      }),
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
      async (request) => getInterview(db, request.sessionUser!.id, request.params.id),
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

    scope.get(
      '/interview/:id/live',
      {
        websocket: true,
        schema: { tags: ['interviews'], params: idParams, hide: true },
        // Owner only, decided before the upgrade so refusals are plain HTTP 403/404.
        preHandler: async (request) => {
          // Browsers send Origin on WebSocket handshakes and cookies ride along: refuse other sites
          // (the same trusted origins as the same-origin check of state-changing requests).
          const origin = request.headers.origin;
          if (origin && !app.deps.origins.trusts(origin)) {
            throw forbidden(CROSS_SITE_MESSAGE, 'CROSS_SITE');
          }
          await loadOwned(db, request.sessionUser!.id, (request.params as { id: string }).id);
          // Which session opened the socket: when it ends, so does the socket (live-sockets.ts).
          const found = await app.deps.auth.candidate.api.getSession({
            headers: fromNodeHeaders(request.headers),
          });
          if (!found || found.user.id !== request.sessionUser!.id) throw unauthorized();
          handshakeSessions.set(request, found.session.id);
        },
      },
      (socket, request) => {
        handleLiveConnection({
          socket,
          deps,
          sockets,
          onChanged: changed,
          userId: request.sessionUser!.id,
          sessionId: handshakeSessions.get(request)!,
          interviewId: (request.params as { id: string }).id,
          log: request.log,
        });
      },
    );
  });
};
