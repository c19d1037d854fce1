import { z } from 'zod';
import { personNameSchema } from './auth-schemas';
import {
  CANCEL_REASONS,
  CANDIDATE_DEFAULT_PAGE_SIZE,
  CANDIDATE_PAGE_SIZES,
  DIFFICULTIES,
  EXPERIENCE_LEVELS,
  INTERVIEW_STATUSES,
  REPORT_STATUSES,
  USER_STATUSES,
} from './constants';
import { CREDIT_PERIODS } from './credit-limits';
import { HISTORY_PAGE_SIZES, HISTORY_PAGE_SIZE, HISTORY_STATUS_FILTERS } from './pages';

/*
 * Progress and people:
 *   GET /api/user/stats                                   → UserStats (the caller's own)
 *   GET /api/interview?category&status&search&page&limit  → HistoryResponse (the caller's own attempts)
 *   PUT /api/user/profile  ProfileInput                   → { success, user } (an e-mail in the body is ignored)
 *   GET /api/admin/analytics                              → Analytics
 *   GET /api/admin/candidates?page&limit&search&experienceLevel&status → CandidatesResponse
 *   PUT /api/admin/candidates/:id/status { status }       → { id, status } (inactive: their sessions are refused from then on)
 *   PUT /api/admin/profile { firstName, lastName }        → { success, user }
 *   PUT /api/admin/password { currentPassword, newPassword, confirmPassword } → { success } (signs the admin out)
 */

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
  /** Only attempts of this interview set (the pre-start screen's unfinished attempt). */
  setId: z.uuid('setId must be a valid id').optional(),
  page: pageSchema,
  limit: limitIn(HISTORY_PAGE_SIZES, HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

// Response schemas: the routes serialise through them (so nothing unlisted leaves the server) and
// they document the API at /api/docs; the types below are inferred from them.
const count = z.number().int().min(0);
// Scores are 0–100, rounded by the server; not bounded here so one odd stored value cannot fail a list.
const score = z.number().int();
const isoDate = z.string();

export const paginationSchema = z.object({
  totalCount: count,
  totalPages: z.number().int().min(1),
  currentPage: z.number().int().min(1),
  limit: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const historyItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  /** Why a cancelled attempt was closed: discarded by the candidate or abandoned (idle 24 h). */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  categoryName: z.string(),
  topics: z.array(z.string()),
  duration: z.number(),
  scheduledAt: isoDate,
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  /**
   * Interview time counted (ms, decision 038): History offers Resume only while some is left
   * (`timeLeftMs`), and the report of one whose time ran out.
   */
  elapsedMs: z.number().int().min(0),
  interviewSetId: z.string().nullable(),
  interviewSet: z.object({ title: z.string(), category: z.object({ name: z.string() }) }),
  report: z.object({ overallScore: score.nullable(), status: z.enum(REPORT_STATUSES) }).nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyResponseSchema = z.object({
  interviews: z.array(historyItemSchema),
  meta: paginationSchema,
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const scorePointSchema = z.object({
  interviewId: z.string(),
  /** Null once the set has been deleted (the attempt keeps its title). */
  interviewSetId: z.string().nullable(),
  title: z.string(),
  categoryName: z.string(),
  /** The set's level when the attempt was taken. */
  difficulty: z.enum(DIFFICULTIES),
  completedAt: isoDate,
  overall: score,
  communication: score.nullable(),
  problemSolving: score.nullable(),
  confidence: score.nullable(),
});
export type ScorePoint = z.infer<typeof scorePointSchema>;

export const userStatsSchema = z.object({
  totalInterviews: count,
  completedInterviews: count,
  /** Mean overall score of completed, scored attempts (0–100, rounded); null with none. */
  averageScore: score.nullable(),
  /**
   * Scored attempts, oldest first, for the progress chart: the latest 20 of each interview set at
   * each level (a chart compares an attempt only with attempts of the same set and level).
   */
  trend: z.array(scorePointSchema),
  /** Weakest first. */
  categoryAverages: z.array(z.object({ category: z.string(), average: score, count })),
  /** The weakest area to practise next, or null before any scored attempt. */
  practiseNext: z
    .object({ kind: z.enum(['dimension', 'category']), name: z.string(), score })
    .nullable(),
  /** Interviews charged in the current credit period (decision 025). */
  creditsUsed: count,
  /** Interviews allowed per period; null when unlimited (administrators always are). */
  creditsLimit: count.nullable(),
  /** `month`: the count starts again on the 1st (UTC); `none`: it never does. */
  creditsPeriod: z.enum(CREDIT_PERIODS),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * Admin dashboard figures: totalUsers counts candidates; the interview counts every attempt, by
 * status, so totalInterviews = completed + scheduled + inProgress + cancelled. Abandoned attempts
 * are cancelled ones (a reason, not a status) and counted again on their own.
 */
export const analyticsSchema = z.object({
  totalUsers: count,
  totalInterviews: count,
  completedInterviews: count,
  scheduledInterviews: count,
  inProgressInterviews: count,
  cancelledInterviews: count,
  /** Of the cancelled: closed after ATTEMPT_IDLE_HOURS without activity. */
  abandonedInterviews: count,
  /** Completed + cancelled: the attempts a success rate is out of. */
  finishedInterviews: count,
  /** Mean overall score of completed reports (0–100, rounded); null with none. */
  averageScore: score.nullable(),
  /** The category with most attempts (ties: alphabetical); null with none. */
  topCategory: z.string().nullable(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const candidatesQuerySchema = z.object({
  page: pageSchema,
  limit: limitIn(CANDIDATE_PAGE_SIZES, CANDIDATE_DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100, 'search must be at most 100 characters').default(''),
  experienceLevel: z
    .enum(['all', ...EXPERIENCE_LEVELS], {
      error: 'experienceLevel must be all, junior, mid, senior or staff',
    })
    .default('all'),
  status: z
    .enum(['all', ...USER_STATUSES], { error: 'status must be all, active or inactive' })
    .default('all'),
  /** One cohort's candidates (issue 31). */
  cohortId: z.uuid('cohortId must be a valid id').optional(),
});
export type CandidatesQuery = z.input<typeof candidatesQuerySchema>;

export const candidateRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS),
  status: z.enum(USER_STATUSES),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  createdAt: isoDate,
  totalInterviews: count,
  completedInterviews: count,
  /** Completed or cancelled (open attempts are not finished yet): the success rate's base. */
  finishedInterviews: count,
});
export type CandidateRow = z.infer<typeof candidateRowSchema>;

export const candidatesResponseSchema = z.object({
  data: z.array(candidateRowSchema),
  pagination: paginationSchema,
  /** Over every candidate, whatever the filters. */
  summary: z.object({
    totalCandidates: count,
    activeCandidates: count,
    totalInterviews: count,
    completedInterviews: count,
  }),
});
export type CandidatesResponse = z.infer<typeof candidatesResponseSchema>;

export const candidateStatusSchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'status must be active or inactive' }),
});
export const candidateStatusResponseSchema = z.object({
  id: z.string(),
  status: z.enum(USER_STATUSES),
});

export const adminProfileSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
});

export const scoreSnapshotSchema = z.object({
  interviewId: z.string(),
  completedAt: isoDate.nullable(),
  overall: score.nullable(),
  communication: score.nullable(),
  problemSolving: score.nullable(),
  confidence: score.nullable(),
});
export type ScoreSnapshot = z.infer<typeof scoreSnapshotSchema>;

/** GET /api/interview/:id/comparison: this attempt against the caller's previous completed attempt of the same set and level. */
export const scoreComparisonSchema = z.object({
  current: scoreSnapshotSchema,
  previous: scoreSnapshotSchema.nullable(),
});
export type ScoreComparison = z.infer<typeof scoreComparisonSchema>;
