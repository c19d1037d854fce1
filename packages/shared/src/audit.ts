import { z } from 'zod';
import { calendarDay } from './coach';
import { paginationSchema } from './progress';

/*
 * The audit log (administrators only): every view of a candidate's data by a coach or an
 * administrator, and every change an administrator makes (decision 046), with who, when, and the
 * fields before and after.
 *   GET /api/admin/audit-log?page&limit&kind&action&subjectType&actor&from&to → AuditLogResponse
 */

/** Reading a candidate's data. */
export const AUDIT_VIEW_ACTIONS = [
  'candidate_viewed',
  'attempts_viewed',
  'report_viewed',
  'results_exported',
  'recording_played',
] as const;

/** Changing something: people, cohorts, credits, the catalogue. */
export const AUDIT_CHANGE_ACTIONS = [
  'role_changed',
  'candidate_status_changed',
  'candidate_deleted',
  'credits_limit_changed',
  'platform_credits_changed',
  'cohort_created',
  'cohort_updated',
  'cohort_deleted',
  'cohort_member_added',
  'cohort_member_removed',
  'cohort_invite_created',
  'cohort_invite_revoked',
  'assignment_created',
  'assignment_updated',
  'assignment_deleted',
  'category_created',
  'category_updated',
  'category_deleted',
  'category_imported',
  'set_created',
  'set_updated',
  'set_deleted',
  'question_created',
  'question_updated',
  'question_deleted',
  'questions_reordered',
  'coach_feedback_saved',
  'rubric_created',
  'rubric_updated',
  'rubric_deleted',
] as const;

export const AUDIT_ACTIONS = [...AUDIT_VIEW_ACTIONS, ...AUDIT_CHANGE_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditChangeAction = (typeof AUDIT_CHANGE_ACTIONS)[number];

export const AUDIT_KINDS = ['view', 'change'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export function auditKindOf(action: AuditAction): AuditKind {
  return (AUDIT_VIEW_ACTIONS as readonly string[]).includes(action) ? 'view' : 'change';
}

/** How each audited action reads in the audit log. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  candidate_viewed: 'Opened candidate',
  attempts_viewed: "Listed candidate's attempts",
  report_viewed: 'Viewed report',
  results_exported: 'Exported results (CSV)',
  recording_played: 'Played a recording',
  role_changed: 'Changed a role',
  candidate_status_changed: "Changed a candidate's status",
  candidate_deleted: 'Deleted a candidate',
  credits_limit_changed: 'Changed a credit limit',
  platform_credits_changed: 'Changed the platform credit limit',
  cohort_created: 'Created a cohort',
  cohort_updated: 'Edited a cohort',
  cohort_deleted: 'Deleted a cohort',
  cohort_member_added: 'Added to a cohort',
  cohort_member_removed: 'Removed from a cohort',
  cohort_invite_created: 'Made an invite link',
  cohort_invite_revoked: 'Withdrew an invite link',
  assignment_created: 'Made an assignment',
  assignment_updated: 'Edited an assignment',
  assignment_deleted: 'Deleted an assignment',
  category_created: 'Created a category',
  category_updated: 'Edited a category',
  category_deleted: 'Deleted a category',
  category_imported: 'Imported a category',
  set_created: 'Created an interview set',
  set_updated: 'Edited an interview set',
  set_deleted: 'Deleted an interview set',
  question_created: 'Added a question',
  question_updated: 'Edited a question',
  question_deleted: 'Deleted a question',
  questions_reordered: 'Reordered questions',
  coach_feedback_saved: 'Wrote feedback on a report',
  rubric_created: 'Created a rubric',
  rubric_updated: 'Edited a rubric',
  rubric_deleted: 'Deleted a rubric',
};

/** What a change was made to. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'cohort',
  'assignment',
  'category',
  'interview_set',
  'question',
  'platform',
  'attempt',
  'rubric',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  user: 'Person',
  cohort: 'Cohort',
  assignment: 'Assignment',
  category: 'Category',
  interview_set: 'Interview set',
  question: 'Question',
  platform: 'Platform settings',
  attempt: 'Report',
  rubric: 'Rubric',
};

export const AUDIT_PAGE_SIZES = [10, 20, 50] as const;
/** Entries per page of the audit log unless the reader picks another size. */
export const AUDIT_DEFAULT_PAGE_SIZE = 20;

export const auditLogQuerySchema = z
  .object({
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
    kind: z
      .enum(['all', ...AUDIT_KINDS], { error: 'kind must be all, view or change' })
      .default('all'),
    action: z
      .enum(AUDIT_ACTIONS, { error: 'action must be one of the audited actions' })
      .optional(),
    subjectType: z
      .enum(AUDIT_SUBJECT_TYPES, {
        error: `subjectType must be one of ${AUDIT_SUBJECT_TYPES.join(', ')}`,
      })
      .optional(),
    /** Part of the name or e-mail of who acted. */
    actor: z.string().trim().max(100, 'actor must be at most 100 characters').default(''),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'to must not be before from',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** A JSON value as stored (before and after a change). */
const jsonValue: z.ZodType<unknown> = z.unknown();

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  kind: z.enum(AUDIT_KINDS),
  /** Who acted: kept as it was when they acted, even once their account is gone. */
  actor: z.object({ id: z.string().nullable(), email: z.string(), name: z.string() }),
  /** Whose data: null for an export, a catalogue change, or once the account is deleted. */
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  interviewId: z.string().nullable(),
  /** What was changed, named as it was then (a deleted set keeps its title here). */
  subject: z
    .object({ type: z.enum(AUDIT_SUBJECT_TYPES), id: z.string(), label: z.string() })
    .nullable(),
  /** What else identifies the entry: the export's filters, how a member joined. */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  /**
   * The fields that changed, as they were and as they became: a creation has only `after`, a
   * deletion only `before`; a view has neither.
   */
  before: jsonValue.nullable(),
  after: jsonValue.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
