import websocket from '@fastify/websocket';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_AUDIO, MAX_LIVE_FRAME_BYTES } from '@candor/shared';
import { forbidden, unauthorized } from '../../platform/errors';
import { CROSS_SITE_MESSAGE } from '../../platform/http/same-origin';
import type { AttemptDeps } from '../attempts';
import { loadOwned } from '../interviews';
import type { SpeechServices } from '../speech';
import { handleLiveConnection } from './connection';
import type { LiveSockets } from './sockets';

export interface LiveRoutesOptions {
  /** The turns, and what ending an attempt needs. */
  deps: AttemptDeps;
  /** Server transcription and voice; null where the browser does them. */
  speech: SpeechServices;
  /** This process's open sockets (sockets.ts). */
  sockets: LiveSockets;
}

const idParams = z.object({ id: z.string() });

/** The live channel of an attempt: `GET /api/interview/:id/live`, a WebSocket (docs/live-protocol.md). */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db } = app.deps;
  const { deps, speech, sockets } = options;
  const changed = (userId: string) => app.deps.readCache.invalidateUser(userId);
  /** The session each live handshake was authorised with, for the socket's handler. */
  const handshakeSessions = new WeakMap<object, string>();

  // Frames are small JSON, bounding a hostile client; with server recognition a frame may carry a
  // whole utterance (live-audio.ts).
  const maxPayload = speech.transcriber ? MAX_LIVE_FRAME_BYTES : LIVE_AUDIO.maxTextFrameBytes;
  await app.register(websocket, { options: { maxPayload } });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Before the upgrade: an anonymous caller gets 401.
    scope.addHook('onRequest', app.deps.guards.candidate);

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
          // Which session opened the socket: when it ends, so does the socket (sockets.ts).
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
          speech,
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
