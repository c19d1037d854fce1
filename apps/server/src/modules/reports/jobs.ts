import { and, eq, isNull } from 'drizzle-orm';
import type { ReportStatus } from '@candor/shared';
import { interviews, reports } from '../../db/schema';
import { generateReport, type ReportDeps } from './service';

/** A report that reached a final status. */
export interface SettledReport {
  interviewId: string;
  userId: string;
  status: ReportStatus;
}

/**
 * Report generation running in the background of this process. Each attempt is generated at
 * most once at a time; `drain` lets the app finish them before it closes.
 * `onSettled` hears which report is final (the read cache drops that candidate's entries, the
 * attempt's open live sockets are sent the `report` frame: app.ts).
 */
export function createReportJobs(deps: ReportDeps, onSettled?: (settled: SettledReport) => void) {
  const running = new Map<string, Promise<ReportStatus>>();
  let closing = false;
  return {
    start(interviewId: string, userId: string): Promise<ReportStatus> {
      const existing = running.get(interviewId);
      if (existing) return existing;
      const job = generateReport(deps, interviewId)
        .catch((err: unknown) => {
          deps.log.error({ err, interviewId }, 'report job failed');
          return 'failed' as const;
        })
        .then((status) => {
          running.delete(interviewId);
          onSettled?.({ interviewId, userId, status });
          return status;
        });
      running.set(interviewId, job);
      return job;
    },
    /** The job's outcome when one runs here, else null. */
    running(interviewId: string): Promise<ReportStatus> | null {
      return running.get(interviewId) ?? null;
    },
    /**
     * At start-up: restarts every report still `pending`. Its generation ran in a process that
     * died (kill -9, a crash, a lost machine) and would otherwise wait until a read found it stale.
     * One at a time, in the background. With several processes on one PostgreSQL a report being
     * generated elsewhere may be generated twice; both runs write the same completed report.
     * A report still waiting for "Check your answers" is left to the check (decision 024).
     */
    async resumePending(): Promise<number> {
      const pending = await deps.db
        .select({ interviewId: reports.interviewId, userId: reports.userId })
        .from(reports)
        .innerJoin(interviews, eq(interviews.id, reports.interviewId))
        .where(and(eq(reports.status, 'pending'), isNull(interviews.checkUntil)));
      if (pending.length > 0) deps.log.info({ count: pending.length }, 'resuming pending reports');
      for (const { interviewId, userId } of pending) {
        if (closing) break;
        await this.start(interviewId, userId);
      }
      return pending.length;
    },
    async drain(): Promise<void> {
      closing = true;
      await Promise.allSettled([...running.values()]);
    },
  };
}
export type ReportJobs = ReturnType<typeof createReportJobs>;
