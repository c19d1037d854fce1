import { z } from 'zod';

/*
 * Assignments (issue 31, slice 2): a coach (for the cohorts they coach) or an administrator gives
 * a cohort one or more interview sets to do between an opening and a due time, with a number of
 * attempts allowed per set, and whether coaches may play the attempts' recordings.
 * Staff (administrators; coaches scoped to their cohorts, another cohort's assignment is 404):
 *   GET    /api/admin/assignments?cohortId          → AssignmentsResponse
 *   GET    /api/admin/assignments/sets              → AssignableSetsResponse (the sets to pick)
 *   POST   /api/admin/assignments   AssignmentInput  → Assignment
 *   GET    /api/admin/assignments/:id               → Assignment
 *   PUT    /api/admin/assignments/:id AssignmentUpdate → Assignment
 *   DELETE /api/admin/assignments/:id               → 204
 *   GET    /api/admin/assignments/:id/grid          → AssignmentGrid (candidates × sets)
 *   GET    /api/admin/assignments/:id/grid.csv      → text/csv
 * Candidates (members of the cohort):
 *   GET    /api/assignments                         → MyAssignmentsResponse ("Assigned to you")
 *   POST   /api/assignments/:id/sets/:setId/start   → { id, roomId } (a new attempt, or 409)
 */

// The plain words and numbers, zod-free, so the dashboard's card loads no zod (decision 050).
export * from './assignment-rules';
import { ASSIGNMENT_LIMITS, ASSIGNMENT_STATUSES } from './assignment-rules';

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` });

const setIds = z
  .array(z.uuid('setIds must list interview set ids'), {
    error: 'setIds must be a list of interview set ids',
  })
  .min(1, 'setIds must name at least one interview set')
  .max(ASSIGNMENT_LIMITS.setsMax, `setIds may name at most ${ASSIGNMENT_LIMITS.setsMax} sets`);

const attemptsAllowed = z
  .number({ error: 'attemptsAllowed must be a whole number' })
  .int('attemptsAllowed must be a whole number')
  .min(
    ASSIGNMENT_LIMITS.attemptsMin,
    `attemptsAllowed must be at least ${ASSIGNMENT_LIMITS.attemptsMin}`,
  )
  .max(
    ASSIGNMENT_LIMITS.attemptsMax,
    `attemptsAllowed must be at most ${ASSIGNMENT_LIMITS.attemptsMax}`,
  );

const dueAfterOpening = (a: { opensAt?: string; dueAt?: string }) =>
  !a.opensAt || !a.dueAt || Date.parse(a.opensAt) < Date.parse(a.dueAt);

export const assignmentInputSchema = z
  .object({
    cohortId: z.uuid('cohortId must be a valid id'),
    setIds,
    opensAt: instant('opensAt'),
    dueAt: instant('dueAt'),
    attemptsAllowed: attemptsAllowed.default(ASSIGNMENT_LIMITS.attemptsDefault),
    recordingsReviewable: z
      .boolean({ error: 'recordingsReviewable must be true or false' })
      .default(false),
  })
  .refine(dueAfterOpening, { message: 'dueAt must be after opensAt', path: ['dueAt'] });
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** A change: any of the fields; the cohort stays. */
export const assignmentUpdateSchema = z
  .object({
    setIds: setIds.optional(),
    opensAt: instant('opensAt').optional(),
    dueAt: instant('dueAt').optional(),
    attemptsAllowed: attemptsAllowed.optional(),
    recordingsReviewable: z
      .boolean({ error: 'recordingsReviewable must be true or false' })
      .optional(),
  })
  .refine(dueAfterOpening, { message: 'dueAt must be after opensAt', path: ['dueAt'] });
export type AssignmentUpdate = z.input<typeof assignmentUpdateSchema>;

export const assignmentsQuerySchema = z.object({
  cohortId: z.uuid('cohortId must be a valid id').optional(),
});

export const assignmentSetParamsSchema = z.object({
  id: z.uuid('id must be a valid id'),
  setId: z.uuid('setId must be a valid id'),
});

export const assignedSetSchema = z.object({ id: z.string(), title: z.string() });
export type AssignedSet = z.infer<typeof assignedSetSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  cohort: z.object({ id: z.string(), name: z.string() }),
  sets: z.array(assignedSetSchema),
  opensAt: z.string(),
  dueAt: z.string(),
  attemptsAllowed: z.number(),
  recordingsReviewable: z.boolean(),
  /** Candidates of the cohort. */
  candidates: z.number(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentsResponseSchema = z.object({ assignments: z.array(assignmentSchema) });
export type AssignmentsResponse = z.infer<typeof assignmentsResponseSchema>;

export const assignableSetsResponseSchema = z.object({
  sets: z.array(z.object({ id: z.string(), title: z.string(), categoryName: z.string() })),
});
export type AssignableSetsResponse = z.infer<typeof assignableSetsResponseSchema>;

/** One candidate on one set: the report link is the best-scored attempt (else the latest done). */
export const gridCellSchema = z.object({
  setId: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  attempts: z.number(),
  /** The best overall score of a completed report, as the report, History and the CSV say it. */
  bestScore: z.number().nullable(),
  /** The attempt to open the report of (the best scored; else the latest completed). */
  reportInterviewId: z.string().nullable(),
});
export type GridCell = z.infer<typeof gridCellSchema>;

export const gridRowSchema = z.object({
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  cells: z.array(gridCellSchema),
});
export type GridRow = z.infer<typeof gridRowSchema>;

export const assignmentGridSchema = z.object({
  assignment: assignmentSchema,
  rows: z.array(gridRowSchema),
});
export type AssignmentGrid = z.infer<typeof assignmentGridSchema>;

export const ASSIGNMENT_GRID_CSV_COLUMNS = [
  'Name',
  'Email',
  'Interview set',
  'Status',
  'Attempts',
  'Best score',
] as const;

/** The candidate's side: one set of an assignment and where they stand on it. */
export const mySetSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  attemptsUsed: z.number(),
  /** An unfinished attempt of this set to go back to. */
  openInterviewId: z.string().nullable(),
  bestScore: z.number().nullable(),
});
export type MySet = z.infer<typeof mySetSchema>;

export const myAssignmentSchema = z.object({
  id: z.string(),
  cohortName: z.string(),
  opensAt: z.string(),
  dueAt: z.string(),
  attemptsAllowed: z.number(),
  recordingsReviewable: z.boolean(),
  /** Before the opening time nothing can be started. */
  open: z.boolean(),
  /** Past the due time: attempts still count, as late. */
  overdue: z.boolean(),
  sets: z.array(mySetSchema),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

export const myAssignmentsResponseSchema = z.object({ assignments: z.array(myAssignmentSchema) });
export type MyAssignmentsResponse = z.infer<typeof myAssignmentsResponseSchema>;
