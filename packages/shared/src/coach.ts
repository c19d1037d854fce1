import { z } from 'zod';
import { conversationMessageSchema } from './interview';
import { candidateRowSchema, userStatsSchema } from './progress';
import { reportSchema } from './report';

/*
 * Coach review (administrators only; every read is written to the audit log):
 *   GET /api/admin/candidates/:id                       → CoachCandidate (profile and progress)
 *   GET /api/admin/candidates/:id/attempts?…History's query → HistoryResponse
 *   GET /api/admin/candidates/:id/attempts/:attemptId/report → CoachReport (report and transcript)
 *   GET /api/admin/results.csv?from&to&setId&cohortId   → text/csv, one row per completed attempt
 * A coach (decision 046) reads these for their cohorts' candidates only; the audit log is in audit.ts.
 */

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

/**
 * A calendar day as YYYY-MM-DD that exists (not 30 February: JavaScript would roll it over to
 * March, and PostgreSQL's date type refuses it) between the years 1900 and 9999.
 */
export const calendarDay = (field: string) =>
  z
    .string({ error: `${field} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    .refine((s) => {
      const ms = Date.parse(`${s}T00:00:00Z`);
      return (
        !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s && s >= '1900-01-01'
      );
    }, `${field} must be a real date`);

const isoDay = (field: string) => calendarDay(field).optional();

/**
 * The export's filters: completed on or after `from`, on or before `to` (UTC days), one set, one
 * cohort's candidates.
 */
export const resultsExportQuerySchema = z
  .object({
    from: isoDay('from'),
    to: isoDay('to'),
    setId: z.uuid('setId must be a valid id').optional(),
    cohortId: z.uuid('cohortId must be a valid id').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'to must not be before from',
    path: ['to'],
  });
export type ResultsExportQuery = z.input<typeof resultsExportQuerySchema>;

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
