import websocket from '@fastify/websocket';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInterviewBodySchema,
  createInterviewResponseSchema,
  interviewDetailSchema,
  updateInterviewBodySchema,
} from '@candor/shared';
import { forbidden, unauthorized } from '../../errors';
import { CROSS_SITE_MESSAGE } from '../../plugins/same-origin';
import { handleLiveConnection } from './live';
import { loadOwned } from './repository';
import type { InterviewRuntime } from './runtime';
import { createInterview, getInterview, updateInterview } from './service';

export interface InterviewRoutesOptions {
  /** The module's turns, replies, sockets and sweep, built by app.ts (runtime.ts). */
  runtime: InterviewRuntime;
}

const idParams = z.object({ id: z.string() });
/** Live frames are small; this bounds a hostile client. */
const MAX_FRAME_BYTES = 256 * 1024;

/**
 * Attempts (`POST /api/interview`, `GET|PUT /api/interview/:id`) and their live channel
 * (`GET /api/interview/:id/live`, WebSocket). The history list `GET /api/interview`, the
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

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

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
          { policy: deps.credits, now: app.deps.now() },
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
