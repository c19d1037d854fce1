import type { ReportStatus } from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import type { Logger } from '../../platform/logger';
import type { SpeechServices } from '../speech';
import { METRICS_OFF, type Metrics } from '../../platform/metrics/metrics';
import type { CreditPolicy } from '../credits/service';
import { createAbandonSweeper } from './abandon';
import { createCheckSweeper } from './answer-check';
import type { SessionDeps } from './context';
import { createLiveSockets, type LiveTimings } from './live-sockets';
import { createRepliesInFlight } from './replies-in-flight';
import { createTurnQueue } from './turns';

/**
 * Everything the interviews module keeps running in one process: the turn queue, the replies
 * being generated, the open live sockets and the idle sweep. Built by app.ts, which also builds
 * the AI provider and the report jobs and joins them: an ended attempt starts its report
 * (`onEnded`, after "Check your answers" when it has spoken answers: answer-check.ts), and a settled report is announced to the attempt's open sockets
 * (`reportSettled`).
 */
export interface InterviewRuntimeOptions {
  db: Db;
  log: Logger;
  now: () => Date;
  provider: AiProvider;
  /** Server transcription and voice; the browser does both when not given. */
  speech?: SpeechServices;
  /** The operator's credit limit and period (CREDITS_DEFAULT_LIMIT, CREDITS_PERIOD). */
  credits: CreditPolicy;
  /** Live sockets open, answers stored, time to first words (off unless METRICS_TOKEN). */
  metrics?: Metrics;
  /** Pings, session checks and lifetime of live sockets (tests shorten them). */
  live?: Partial<LiveTimings>;
  /** How often windows of "Check your answers" that ran out are closed (tests shorten it). */
  checkSweepMs?: number;
  /** An attempt ended (and its answers were checked): generate its report (in the background). */
  onEnded: (interviewId: string, userId: string) => void;
  /** A candidate's attempts changed outside a request (the read cache drops their entries). */
  onChanged: (userId: string) => void;
  /** Deletes an attempt's audio (discarded, or recordings turned off): SessionDeps.dropRecordings. */
  dropRecordings?: SessionDeps['dropRecordings'];
}

export function createInterviewRuntime(options: InterviewRuntimeOptions) {
  const { db, log, now } = options;
  const metrics = options.metrics ?? METRICS_OFF;
  const deps: SessionDeps = {
    db,
    log,
    now,
    provider: options.provider,
    credits: options.credits,
    onEnded: options.onEnded,
    turns: createTurnQueue(),
    replies: createRepliesInFlight(),
    metrics,
    dropRecordings: options.dropRecordings,
    speech: options.speech ?? { transcriber: null, synthesizer: null },
  };
  const sockets = createLiveSockets({ db, log, timings: options.live, metrics });
  const sweeper = createAbandonSweeper({
    db,
    log,
    now,
    onAbandoned: (closed) => {
      for (const userId of new Set(closed.map((c) => c.userId))) options.onChanged(userId);
    },
  });
  // A candidate who never finishes "Check your answers" still gets the report (decision 024).
  const checks = createCheckSweeper({ db, log, now, onDue: options.onEnded }, options.checkSweepMs);
  return {
    deps,
    sockets,
    /** The attempt's report reached a final status: its sockets open here hear so. */
    reportSettled(interviewId: string, reportStatus: ReportStatus) {
      sockets.notifyAttempt(interviewId, { type: 'report', reportStatus });
    },
    /** Attempts left open for a day are closed now, then at every interval (never awaited). */
    start() {
      void sweeper.start();
      checks.start();
    },
    async stop() {
      sockets.stop();
      deps.replies.stopAll('closed');
      await Promise.all([sweeper.stop(), checks.stop()]);
    },
  };
}
export type InterviewRuntime = ReturnType<typeof createInterviewRuntime>;
