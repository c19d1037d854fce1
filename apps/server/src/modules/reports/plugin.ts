import type { FastifyInstance } from 'fastify';
import type { BuiltinEvaluator } from '../../ai/builtin/report-pool';
import type { AiProvider } from '../../ai/provider';
import { afterStart } from '../../platform/startup';
import { createReportJobs, type ReportJobs, type SettledReport } from './jobs';
import type { ReportDeps } from './service';
import { reportRoutes } from './routes';

/**
 * Reports (decision 005): generated in the background of the process that ended the attempt (the
 * jobs), read through their route. Reports left pending by a process that died are finished once
 * the start is over, not on a later read; the app waits for the running ones before it closes.
 * `onSettled` hears every report that reached a final status (app.ts: the read cache and the
 * attempt's live sockets).
 */
export async function registerReports(
  app: FastifyInstance,
  options: {
    provider: AiProvider;
    /** The builtin evaluator, off the event loop (app.ts: the worker pool). */
    evaluator: BuiltinEvaluator;
    onSettled: (settled: SettledReport) => void;
    storyUse?: ReportDeps['storyUse'];
  },
): Promise<ReportJobs> {
  const { db, now, config, startup } = app.deps;
  const jobs = createReportJobs(
    {
      db,
      provider: options.provider,
      evaluator: options.evaluator,
      log: app.log,
      now,
      storyUse: options.storyUse,
    },
    options.onSettled,
  );
  afterStart(app, startup, () => {
    void jobs.resumePending().catch((err: unknown) => {
      app.log.warn({ err }, 'could not resume pending reports');
    });
  });
  app.addHook('onClose', () => jobs.drain());
  await app.register(reportRoutes, {
    prefix: '/api',
    jobs,
    staleAfterMs: config.AI_TIMEOUT_MS * 2 + 30_000,
  });
  return jobs;
}
