import {
  RATE_LIMITED,
  createShareLinkBodySchema,
  createdShareLinkSchema,
  shareLinkListSchema,
  sharedReportSchema,
  waitText,
} from '@candor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSessionUser } from '../../platform/auth/guards';
import { addressKey } from '../../platform/auth/sign-in-limits';
import { createThrottle } from '../../platform/auth/throttle';
import { AppError } from '../../platform/errors';
import { loadOwned } from '../interviews';
import { RangeNotSatisfiable, playRecording, playbackHeaders } from '../recordings';
import { createShareLink, listShareLinks, revokeShareLink } from './links';
import {
  coachReportPdf,
  ownReportPdf,
  sharedRecordingOwner,
  sharedReport,
  type ReportPdf,
} from './service';

const idParams = z.object({ id: z.string().max(100) });
const linkParams = z.object({ id: z.string().max(100), linkId: z.string().max(100) });
const attemptParams = z.object({ id: z.string().max(200), attemptId: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(100) });
const recordingParams = z.object({ token: z.string().max(100), answerId: z.string().max(100) });

function sendPdf(reply: FastifyReply, pdf: ReportPdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);
}

/**
 * A report to share (issue 30): the PDF (the owner's, and a coach's through the admin portal,
 * audited) and share links (the owner makes, lists and revokes them; anyone with one reads the
 * report, rate-limited per address like the sign-in doors). Never cached: every opening of a
 * link must reach the service, which records it.
 */
export const reportShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config, auth, readCache } = app.deps;
  const deps = { db, now: app.deps.now };
  const tags = ['report sharing'];

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', guards.candidate);
    scope.get(
      '/interview/:id/report.pdf',
      { schema: { tags, params: idParams } },
      async (request, reply) => {
        const pdf = await ownReportPdf(db, request.sessionUser!.id, request.params.id);
        return sendPdf(reply, pdf);
      },
    );
    scope.get(
      '/interview/:id/share-links',
      { schema: { tags, params: idParams, response: { 200: shareLinkListSchema } } },
      (request) => listShareLinks(deps, request.sessionUser!.id, request.params.id),
    );
    scope.post(
      '/interview/:id/share-links',
      {
        // The new link's token is in the answer: never compressed (platform/http/compression.ts).
        config: { secretInAnswer: true },
        // Someone else's attempt is 403/404 whatever they send: decided before the body is read.
        preValidation: async (request) => {
          await loadOwned(db, request.sessionUser!.id, (request.params as { id: string }).id);
        },
        schema: {
          tags,
          params: idParams,
          body: createShareLinkBodySchema,
          response: { 200: createdShareLinkSchema },
        },
      },
      (request) => createShareLink(deps, request.sessionUser!.id, request.params.id, request.body),
    );
    scope.delete(
      '/interview/:id/share-links/:linkId',
      { schema: { tags, params: linkParams } },
      (request) =>
        revokeShareLink(deps, request.sessionUser!.id, request.params.id, request.params.linkId),
    );
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', guards.staff);
    scope.get(
      '/admin/candidates/:id/attempts/:attemptId/report.pdf',
      { schema: { tags: ['admin: coach review'], params: attemptParams } },
      async (request, reply) => {
        const pdf = await coachReportPdf(
          db,
          request.sessionUser!,
          request.params.id,
          request.params.attemptId,
        );
        return sendPdf(reply, pdf);
      },
    );
  });

  const throttle = createThrottle(db);
  const rule = { limit: config.SHARED_REPORT_RATE_LIMIT, windowSeconds: 60 };
  const cache = config.READ_CACHE_TTL_MS > 0 ? readCache : undefined;

  /** A signed-in reader (a coach in the admin portal first), or nobody. */
  async function viewerOf(request: FastifyRequest) {
    if (!request.headers.cookie) return null;
    for (const portal of ['admin', 'candidate'] as const) {
      const u = await readSessionUser(auth[portal], portal, request, cache);
      if (u && u.status === 'active') return { id: u.id, portal, actor: u };
    }
    return null;
  }

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Counted before the token is looked at: guessing costs the same as reading.
    scope.addHook('onRequest', async (request, reply) => {
      const verdict = await throttle.take(`shared:${addressKey(request.ip)}`, rule);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new AppError(
          429,
          `Too many requests. Please wait ${waitText(verdict.retryAfterSeconds)} and try again.`,
          undefined,
          RATE_LIMITED,
        );
      }
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
    scope.get(
      '/shared/:token',
      { schema: { tags, params: tokenParams, response: { 200: sharedReportSchema } } },
      async (request) => sharedReport(deps, request.params.token, await viewerOf(request)),
    );
    scope.get(
      '/shared/:token/answers/:answerId/recording',
      { schema: { tags, params: recordingParams } },
      async (request, reply) => {
        const owner = await sharedRecordingOwner(deps, request.params.token);
        try {
          const playback = await playRecording(
            { db, store: app.deps.recordings, log: request.log },
            { userId: owner.userId },
            owner.interviewId,
            request.params.answerId,
            request.headers.range,
          );
          reply.status(playback.status).headers(playbackHeaders(playback));
          return reply.send(playback.stream);
        } catch (err) {
          if (err instanceof RangeNotSatisfiable)
            reply.header('content-range', `bytes */${err.size}`);
          throw err;
        }
      },
    );
  });
};
