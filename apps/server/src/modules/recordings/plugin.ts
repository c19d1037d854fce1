import type { FastifyInstance } from 'fastify';
import { scheduleLoop } from '../../platform/scheduler';
import { retentionOptions, retentionSweep } from './retention';
import { recordingRoutes } from './routes';
import { deleteAttemptRecordings } from './service';

/**
 * Recordings of answers (issue 14): their routes, the retention sweep on the app's scheduler, and
 * the store (app.deps.recordings) closed once nothing uses it any more. Answers how an attempt's
 * audio is dropped (discarded, or its recordings turned off: modules/attempts).
 */
export async function registerRecordings(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  const store = app.deps.recordings;
  const deps = { db, store, log: app.log };
  // Added first, so it runs after the sweep below has stopped (onClose hooks run last-in first-out).
  app.addHook('onClose', async () => store.close());
  scheduleLoop(
    app,
    retentionSweep({ ...deps, now }, retentionOptions(config.RECORDINGS_RETENTION_DAYS)),
  );
  await app.register(recordingRoutes, { prefix: '/api', store });
  return {
    async dropAttempt(userId: string, interviewId: string) {
      await deleteAttemptRecordings(deps, userId, interviewId);
    },
  };
}
