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
import { createProvider } from '../../ai';
import { forbidden, unauthorized } from '../../errors';
import { CROSS_SITE_MESSAGE } from '../../plugins/same-origin';
import type { AiProvider } from '../../ai/provider';
import { createReportJobs } from '../reports/jobs';
import { reportRoutes } from '../reports/routes';
import { createAbandonSweeper } from './abandon';
import { handleLiveConnection } from './live';
import { createLiveSockets, type LiveTimings } from './live-sockets';
import { loadOwned } from './repository';
import { createInterview, getInterview, updateInterview } from './service';
import type { SessionDeps } from './session';
import { createTurnQueue } from './turns';

export interface InterviewRoutesOptions {
  /** Tests may pass their own; otherwise the configured one (AI_PROVIDER). */
  provider?: AiProvider;
  /** Pings, session checks and lifetime of live sockets; tests shorten them. */
  live?: Partial<LiveTimings>;
}

const idParams = z.object({ id: z.string() });
/** Live frames are small; this bounds a hostile client. */
const MAX_FRAME_BYTES = 256 * 1024;

/**
 * Attempts (`POST /api/interview`, `GET|PUT /api/interview/:id`), their live channel
 * (`GET /api/interview/:id/live`, WebSocket) and reports (`GET /api/report/interview/:id`).
 * The history list `GET /api/interview` and the catalogue paths under /api/interview belong to
 * other modules.
 */
export const interviewRoutes: FastifyPluginAsyncZod<InterviewRoutesOptions> = async (
  app,
  options,
) => {
  const { config, db } = app.deps;
  const provider = options.provider ?? createProvider(config);
  const reportDeps = { db, provider, log: app.log, now: app.deps.now };
  const changed = (userId: string) => app.deps.readCache.invalidateUser(userId);
  const jobs = createReportJobs(reportDeps, changed);
  const deps: SessionDeps = {
    ...reportDeps,
    onEnded: (id, userId) => void jobs.start(id, userId),
    turns: createTurnQueue(),
  };
  const sweeper = createAbandonSweeper({
    db,
    log: app.log,
    now: app.deps.now,
    onAbandoned: (closed) => {
      for (const userId of new Set(closed.map((c) => c.userId))) changed(userId);
    },
  });
  const sockets = createLiveSockets({ db, log: app.log, timings: options.live });
  /** The session each live handshake was authorised with, for the socket's handler. */
  const handshakeSessions = new WeakMap<object, string>();
  app.addHook('onClose', async () => {
    sockets.stop();
    await sweeper.stop();
    await jobs.drain();
  });
  app.addHook('onReady', async () => {
    // Reports left pending by a process that died are finished now, not on a later read.
    void jobs.resumePending().catch((err: unknown) => {
      app.log.warn({ err }, 'could not resume pending reports');
    });
    // Attempts left open for a day are closed now, then at every interval (never awaited here).
    void sweeper.start();
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(reportRoutes, {
    jobs,
    staleAfterMs: config.AI_TIMEOUT_MS * 2 + 30_000,
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preHandler', app.deps.guards.candidate);

    scope.post(
      '/interview',
      {
        schema: {
          tags: ['interviews'],
          body: createInterviewBodySchema,
          response: { 200: createInterviewResponseSchema },
        },
      },
      async (request) => createInterview(db, request.sessionUser!.id, request.body),
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
          // Browsers send Origin on WebSocket handshakes and cookies ride along: refuse other sites.
          const origin = request.headers.origin;
          if (origin && !app.deps.origins.trusts(origin)) throw forbidden(CROSS_SITE_MESSAGE);
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
          jobs,
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
