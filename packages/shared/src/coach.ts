import { z } from 'zod';
import { conversationMessageSchema } from './interview';
import { candidateRowSchema, paginationSchema, userStatsSchema } from './progress';
import { reportSchema } from './report';

/*
 * Coach review (administrators only; every read is written to the audit log):
 *   GET /api/admin/candidates/:id                       → CoachCandidate (profile and progress)
 *   GET /api/admin/candidates/:id/attempts?…History's query → HistoryResponse
 *   GET /api/admin/candidates/:id/attempts/:attemptId/report → CoachReport (report and transcript)
 *   GET /api/admin/results.csv?from&to&setId            → text/csv, one row per completed attempt
 *   GET /api/admin/audit-log?page&limit                 → AuditLogResponse, newest first
 */

export const AUDIT_ACTIONS = [
  'candidate_viewed',
  'attempts_viewed',
  'report_viewed',
  'results_exported',
  'recording_played',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each audited action reads in the audit log. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  candidate_viewed: 'Opened candidate',
  attempts_viewed: "Listed candidate's attempts",
  report_viewed: 'Viewed report',
  results_exported: 'Exported results (CSV)',
  recording_played: 'Played a recording',
};

export const AUDIT_PAGE_SIZES = [10, 20, 50] as const;
/** Entries per page of the audit log unless the reader picks another size. */
export const AUDIT_DEFAULT_PAGE_SIZE = 20;

export const candidateAttemptParamsSchema = z.object({
  id: z.uuid('id must be a valid id'),
  attemptId: z.uuid('attemptId must be a valid id'),
});

export const coachCandidateSchema = z.object({
  /** The candidate as the administrators' list shows them, without the list's counts. */
  candidate: candidateRowSchema.pick({
    id: true,
    firstName: true,
    lastName: true,
    email: true,
    experienceLevel: true,
    status: true,
    createdAt: true,
  }),
  stats: userStatsSchema,
});
export type CoachCandidate = z.infer<typeof coachCandidateSchema>;

export const coachReportSchema = z.object({
  report: reportSchema,
  conversation: z.array(conversationMessageSchema),
  /**
   * Whether a coach may play this candidate's recordings: the operator keeps recordings and lets
   * coaches play them (COACH_REVIEW_RECORDINGS), the candidate was told so on the pre-start screen
   * before this attempt started, and the attempt kept its recordings (decision 027).
   */
  recordingsAllowed: z.boolean(),
  /** The answers with a recording a coach may play (empty when not allowed). */
  recordings: z.array(z.object({ answerId: z.string() })),
});
export type CoachReport = z.infer<typeof coachReportSchema>;

const isoDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${field} must be a real date`)
    .optional();

/** The export's filters: completed on or after `from`, on or before `to` (UTC days), one set. */
export const resultsExportQuerySchema = z
  .object({
    from: isoDay('from'),
    to: isoDay('to'),
    setId: z.uuid('setId must be a valid id').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'to must not be before from',
    path: ['to'],
  });
export type ResultsExportQuery = z.input<typeof resultsExportQuerySchema>;

export const auditLogQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be one of ${AUDIT_PAGE_SIZES.join(', ')}` })
    .refine(
      (n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n),
      `limit must be one of ${AUDIT_PAGE_SIZES.join(', ')}`,
    )
    .default(AUDIT_DEFAULT_PAGE_SIZE),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who looked: kept as it was when they looked, even once their account is gone. */
  actor: z.object({ id: z.string().nullable(), email: z.string(), name: z.string() }),
  /** Whose data: null for an export, or once the candidate's account is deleted. */
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  interviewId: z.string().nullable(),
  /** What else identifies the view: the export's filters and row count. */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** The CSV export's header row, in column order. */
export const RESULTS_CSV_COLUMNS = [
  'Candidate',
  'Email',
  'Interview set',
  'Category',
  'Difficulty',
  'Completed at',
  'Overall',
  'Communication',
  'Problem Solving',
  'Confidence',
  'Duration (min)',
  /** The answers given and their words, as the report's speech card counts them (issue 28). */
  'Answers',
  'Words',
] as const;
