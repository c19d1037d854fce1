import { z } from 'zod';
import {
  CANDIDATE_PAGE_SIZES,
  EXPERIENCE_LEVELS,
  INTERVIEW_STATUSES,
  USER_STATUSES,
  type ExperienceLevel,
  type InterviewStatus,
  type ReportStatus,
  type UserStatus,
} from './constants';

/*
 * Progress and people:
 *   GET /api/user/stats                                   → UserStats (the caller's own)
 *   GET /api/interview?category&status&search&page&limit  → HistoryResponse (the caller's own attempts)
 *   PUT /api/user/profile  ProfileInput                   → { success, user } (an e-mail in the body is ignored)
 *   GET /api/admin/analytics                              → Analytics
 *   GET /api/admin/candidates?page&limit&search&experienceLevel&status → CandidatesResponse
 *   PUT /api/admin/candidates/:id/status { status }       → { id, status } (inactive also ends their sessions)
 *   PUT /api/admin/profile { firstName, lastName }        → { success, user }
 *   PUT /api/admin/password { currentPassword, newPassword, confirmPassword } → { success } (signs the admin out)
 */

export const HISTORY_PAGE_SIZES = [3, 5, 10, 20, 50] as const;
export const HISTORY_STATUS_FILTERS = ['all', ...INTERVIEW_STATUSES] as const;

const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000)
  .default(1);
const limitIn = (sizes: readonly number[], fallback: number) =>
  z.coerce
    .number({ error: `limit must be one of ${sizes.join(', ')}` })
    .refine((n) => sizes.includes(n), `limit must be one of ${sizes.join(', ')}`)
    .default(fallback);

export const historyQuerySchema = z.object({
  category: z.string().trim().max(100).default('all'),
  status: z
    .enum(HISTORY_STATUS_FILTERS, {
      error: `status must be one of ${HISTORY_STATUS_FILTERS.join(', ')}`,
    })
    .default('all'),
  search: z.string().trim().max(100, 'search must be at most 100 characters').default(''),
  page: pageSchema,
  limit: limitIn(HISTORY_PAGE_SIZES, 10),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export interface Pagination {
  totalCount: number;
  totalPages: number;
  currentPage: number;
  limit: number;
}

export interface HistoryItem {
  id: string;
  title: string;
  type: string;
  status: InterviewStatus;
  categoryName: string;
  topics: string[];
  duration: number;
  scheduledAt: string;
  createdAt: string;
  completedAt: string | null;
  interviewSetId: string | null;
  interviewSet: { title: string; category: { name: string } };
  report: { overallScore: number | null; status: ReportStatus } | null;
}

export interface HistoryResponse {
  interviews: HistoryItem[];
  meta: Pagination;
}

export interface ScorePoint {
  interviewId: string;
  title: string;
  categoryName: string;
  completedAt: string;
  overall: number;
  communication: number | null;
  problemSolving: number | null;
  confidence: number | null;
}

export interface UserStats {
  totalInterviews: number;
  completedInterviews: number;
  /** Mean overall score of completed, scored attempts (0–100, rounded); null with none. */
  averageScore: number | null;
  /** Oldest first, for the progress chart. */
  trend: ScorePoint[];
  categoryAverages: { category: string; average: number; count: number }[];
  /** The weakest area to practise next, or null before any scored attempt. */
  practiseNext: { kind: 'dimension' | 'category'; name: string; score: number } | null;
}

/** Admin dashboard figures: totalUsers counts candidates; the interview counts every attempt. */
export interface Analytics {
  totalUsers: number;
  totalInterviews: number;
  completedInterviews: number;
  scheduledInterviews: number;
  cancelledInterviews: number;
  /** Mean overall score of completed reports (0–100, rounded); null with none. */
  averageScore: number | null;
  /** The category with most attempts (ties: alphabetical); null with none. */
  topCategory: string | null;
}

export const candidatesQuerySchema = z.object({
  page: pageSchema,
  limit: limitIn(CANDIDATE_PAGE_SIZES, 10),
  search: z.string().trim().max(100, 'search must be at most 100 characters').default(''),
  experienceLevel: z
    .enum(['all', ...EXPERIENCE_LEVELS], {
      error: 'experienceLevel must be all, junior, mid, senior or staff',
    })
    .default('all'),
  status: z
    .enum(['all', ...USER_STATUSES], { error: 'status must be all, active or inactive' })
    .default('all'),
});
export type CandidatesQuery = z.input<typeof candidatesQuerySchema>;

export interface CandidateRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  experienceLevel: ExperienceLevel;
  status: UserStatus;
  location: string | null;
  bio: string | null;
  createdAt: string;
  totalInterviews: number;
  completedInterviews: number;
}

export interface CandidatesResponse {
  data: CandidateRow[];
  pagination: Pagination;
  summary: {
    totalCandidates: number;
    activeCandidates: number;
    totalInterviews: number;
    completedInterviews: number;
  };
}

export const candidateStatusSchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'status must be active or inactive' }),
});

export const adminProfileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(50),
  lastName: z.string().trim().min(1, 'Last name is required').max(50),
});

/** success rate = completed / total as a rounded percent (0 with no interviews). */
export function successRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
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

export interface ScoreSnapshot {
  interviewId: string;
  completedAt: string | null;
  overall: number | null;
  communication: number | null;
  problemSolving: number | null;
  confidence: number | null;
}

/** GET /api/interview/:id/comparison: this attempt against the caller's previous completed attempt of the same set. */
export interface ScoreComparison {
  current: ScoreSnapshot;
  previous: ScoreSnapshot | null;
}
