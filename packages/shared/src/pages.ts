import { INTERVIEW_STATUSES } from './constants';

/*
 * History's pages and the administrators' rates, without a schema: the pages that show them load
 * without zod (progress.ts, the API's schemas, builds on these).
 */

export const HISTORY_PAGE_SIZES = [3, 5, 10, 20, 50] as const;
/** Attempts per page of History (the candidate's, and a coach's view of it). */
export const HISTORY_PAGE_SIZE = 10;
/**
 * `not_completed` is History's 'Not Completed': the attempts that can still be resumed (scheduled
 * and in progress). `scheduled` keeps its own meaning for clients that send it.
 */
export const HISTORY_STATUS_FILTERS = ['all', 'not_completed', ...INTERVIEW_STATUSES] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

/**
 * success rate = completed / finished as a rounded percent (0 with none finished). The
 * specification divides by every attempt; attempts still open are not failures (decision 012).
 */
export function successRate(completed: number, finished: number): number {
  return finished > 0 ? Math.round((completed / finished) * 100) : 0;
}

/** Page numbers for a pager: all up to 5 pages, otherwise a window with ellipses. */
export function pageWindow(current: number, total: number): (number | 'ellipsis')[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set(
    [1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('ellipsis');
    out.push(p);
  }
  return out;
}
