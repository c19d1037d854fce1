import type { FastifyInstance } from 'fastify';
import { scheduleLoop } from '../../platform/scheduler';
import { creditPolicy } from '../credits';
import type { TurnDeps } from '../turns';
import { abandonSweep } from './abandon';
import { checkSweep } from './answer-check';
import type { AttemptDeps } from './lifecycle';
import { attemptRoutes } from './routes';

export interface AttemptsOptions {
  /** The app's turns (modules/turns): ending and saving an attempt wait for a reply owed. */
  turns: TurnDeps;
  /** An attempt ended (and its answers were checked): its report starts (modules/reports). */
  onEnded: AttemptDeps['onEnded'];
  /** Deletes an attempt's audio (modules/recordings). */
  dropRecordings?: AttemptDeps['dropRecordings'];
  /** How often "Check your answers" windows that ran out are closed (tests shorten it). */
  checkEveryMs?: number;
}

/**
 * Attempts (modules/attempts): their REST routes, and the two sweeps of the app's scheduler, the
 * idle attempts closed as abandoned (decision 012) and the "Check your answers" windows that ran
 * out (decision 024). Answers what ending an attempt needs, for the live channel.
 */
export async function registerAttempts(
  app: FastifyInstance,
  options: AttemptsOptions,
): Promise<AttemptDeps> {
  const { db, now, readCache, config } = app.deps;
  const deps: AttemptDeps = {
    ...options.turns,
    onEnded: options.onEnded,
    dropRecordings: options.dropRecordings,
  };
  scheduleLoop(
    app,
    abandonSweep({
      db,
      log: app.log,
      now,
      // The candidates' cached reads of their attempts are stale now.
      onAbandoned: (closed) => {
        for (const userId of new Set(closed.map((c) => c.userId))) readCache.invalidateUser(userId);
      },
    }),
  );
  // A candidate who never finishes "Check your answers" still gets the report (decision 024).
  scheduleLoop(
    app,
    checkSweep({ db, log: app.log, now, onDue: options.onEnded }, options.checkEveryMs),
  );
  await app.register(attemptRoutes, { prefix: '/api', deps, credits: creditPolicy(config) });
  return deps;
}
