import {
  RECORDING_LIMITS,
  isStaffRole,
  recordingFormatOf,
  recordingUploadQuerySchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSessionUser } from '../../platform/auth/guards';
import { accountDisabled } from '../../platform/auth/account-status';
import { AppError, forbidden, unauthorized } from '../../platform/errors';
import type { RecordingStore } from './store/store';
import { loadOwned } from '../interviews';
import {
  OWNER_ONLY,
  RangeNotSatisfiable,
  deleteAllRecordings,
  listAttemptRecordings,
  playRecording,
  playbackHeaders,
  recordingUsage,
  saveRecording,
} from './service';

export interface RecordingRoutesOptions {
  store: RecordingStore;
}

const attemptParams = z.object({ id: z.string().max(100) });
const answerParams = z.object({ id: z.string().max(100), answerId: z.string().max(100) });

const FORMATS_MESSAGE =
  'Content-Type must be one of audio/webm, audio/ogg, audio/wav, audio/mp4, audio/mpeg';

/**
 * The audio of answers (issue 14): upload after the answer's ack, playback on the report (range
 * requests, so the page can seek), the attempt's list, and Settings' usage and "Delete all".
 */
export const recordingRoutes: FastifyPluginAsyncZod<RecordingRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards, config, auth, readCache } = app.deps;
  const deps = {
    db,
    store: options.store,
    log: app.log,
    quotaBytes: config.RECORDINGS_QUOTA_MB * 1024 * 1024,
  };
  const tags = ['recordings'];
  const cache = config.READ_CACHE_TTL_MS > 0 ? readCache : undefined;

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', guards.candidate);
    // Any body arrives as bytes here (up to the route's limit, else 413); the handler decides
    // whether it is audio, so an unknown type gets a 415 naming the field.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    scope.put(
      '/interview/:id/answers/:answerId/recording',
      {
        bodyLimit: RECORDING_LIMITS.answerMaxBytes,
        schema: { tags, params: answerParams, querystring: recordingUploadQuerySchema },
        // The owner's attempt, checked before the body is read: nobody else's megabytes are taken.
        preParsing: async (request, _reply, payload) => {
          const { id } = request.params as { id: string };
          await loadOwned(db, request.sessionUser!.id, id);
          return payload;
        },
      },
      async (request) => {
        const format = recordingFormatOf(request.headers['content-type']);
        if (!format) {
          throw new AppError(
            415,
            `content-type: ${FORMATS_MESSAGE}`,
            { 'content-type': FORMATS_MESSAGE },
            'UNSUPPORTED_MEDIA_TYPE',
          );
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return saveRecording(
          deps,
          request.sessionUser!.id,
          request.params.id,
          request.params.answerId,
          {
            format,
            body,
            durationMs: request.query.durationMs,
          },
        );
      },
    );

    scope.get('/interview/:id/recordings', { schema: { tags, params: attemptParams } }, (request) =>
      listAttemptRecordings(db, request.sessionUser!.id, request.params.id),
    );

    scope.get('/user/recordings', { schema: { tags } }, (request) =>
      recordingUsage(db, request.sessionUser!.id, {
        retentionDays: config.RECORDINGS_RETENTION_DAYS,
        quotaBytes: deps.quotaBytes,
      }),
    );

    scope.delete('/user/recordings', { schema: { tags } }, (request) =>
      deleteAllRecordings(deps, request.sessionUser!.id),
    );
  });

  /** Requests made by an administrator through the admin portal, with coach review on. */
  const coaches = new WeakSet<object>();

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.get(
      '/interview/:id/answers/:answerId/recording',
      {
        schema: { tags, params: answerParams },
        // The owner (a candidate-app session); staff only with coach review on (a coach for
        // their cohorts' candidates: the service).
        onRequest: async (request) => {
          const candidate = await readSessionUser(auth.candidate, 'candidate', request, cache);
          if (candidate) {
            if (candidate.status !== 'active') throw accountDisabled();
            request.sessionUser = candidate;
            return;
          }
          const admin = await readSessionUser(auth.admin, 'admin', request, cache);
          if (!admin) throw unauthorized();
          if (admin.status !== 'active') throw accountDisabled();
          if (!isStaffRole(admin.role) || !config.COACH_REVIEW_RECORDINGS)
            throw forbidden(OWNER_ONLY);
          request.sessionUser = admin;
          coaches.add(request);
        },
      },
      async (request, reply) => {
        const viewer = coaches.has(request)
          ? { coach: request.sessionUser! }
          : { userId: request.sessionUser!.id };
        try {
          const playback = await playRecording(
            deps,
            viewer,
            request.params.id,
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
