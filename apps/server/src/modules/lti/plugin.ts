import type { FastifyInstance } from 'fastify';
import { scheduleLoop } from '../../platform/scheduler';
import { SCORE_SEND } from './claims';
import { loadToolKey, type ToolKey } from './keys';
import { forgetOldLaunches } from './launch';
import { queueBestScores, sendDueScores } from './passback';
import { ltiRoutes, type LaunchTarget } from './routes';

/**
 * LTI 1.3 (issue 31, decision 047), when LTI_PLATFORMS registers a platform: the launch that
 * signs a student in and opens a set, and the best score sent back to the platform's gradebook
 * by a loop (one process at a time) that tries again with backoff. Off, nothing is registered
 * and `reportSettled` does nothing.
 */
export async function registerLti(
  app: FastifyInstance,
  options: { launchTarget?: LaunchTarget; everyMs?: number } = {},
) {
  const { db, config, now } = app.deps;
  const enabled = config.LTI_PLATFORMS.length > 0;
  let key: Promise<ToolKey> | undefined;
  const toolKey = () => {
    key ??= loadToolKey(db, config.LTI_PRIVATE_KEY).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  const passback = { db, platforms: config.LTI_PLATFORMS, toolKey, now, tokens: new Map() };
  if (enabled) {
    await app.register(ltiRoutes, { toolKey, launchTarget: options.launchTarget });
    scheduleLoop(app, {
      name: 'lti-scores',
      everyMs: options.everyMs ?? SCORE_SEND.everyMs,
      exclusive: true,
      run: async () => {
        await forgetOldLaunches(db, now());
        const { sent, failed } = await sendDueScores(passback);
        if (failed > 0) app.log.warn({ sent, failed }, 'lti: some scores could not be sent yet');
        // A full batch: more are waiting.
        return sent + failed >= SCORE_SEND.batch ? 100 : undefined;
      },
    });
  }
  return {
    /** A report reached a final status: queue the best score of links it counts for. */
    reportSettled(settled: { interviewId: string; userId: string; status: string }) {
      if (!enabled || settled.status !== 'completed') return;
      void queueBestScores(db, settled, now()).catch((err: unknown) => {
        app.log.error({ err }, 'lti: the best score could not be queued');
      });
    },
  };
}
