import type { ReportStatus } from '@candor/shared';
import { generateReport, type ReportDeps } from './service';

/**
 * Report generation running in the background of this process. Each attempt is generated at
 * most once at a time; `drain` lets the app finish them before it closes.
 * `onSettled` hears whose report changed (the read cache drops that candidate's entries).
 */
export function createReportJobs(deps: ReportDeps, onSettled?: (userId: string) => void) {
  const running = new Map<string, Promise<ReportStatus>>();
  return {
    start(interviewId: string, userId: string): Promise<ReportStatus> {
      const existing = running.get(interviewId);
      if (existing) return existing;
      const job = generateReport(deps, interviewId)
        .catch((err: unknown) => {
          deps.log.error({ err, interviewId }, 'report job failed');
          return 'failed' as const;
        })
        .finally(() => {
          running.delete(interviewId);
          onSettled?.(userId);
        });
      running.set(interviewId, job);
      return job;
    },
    /** The job's outcome when one runs here, else null. */
    running(interviewId: string): Promise<ReportStatus> | null {
      return running.get(interviewId) ?? null;
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
  };
}
export type ReportJobs = ReturnType<typeof createReportJobs>;
