/*
 * Assignments' plain words and numbers (issue 31, decision 048), apart from their schemas in
 * assignments.ts: the candidate's dashboard shows them without loading zod (decision 050).
 */

export const ASSIGNMENT_LIMITS = {
  setsMax: 10,
  attemptsMin: 1,
  attemptsMax: 20,
  attemptsDefault: 3,
} as const;

/** Reminders by e-mail (decision 048): two days before the due time, and the day before. */
export const ASSIGNMENT_REMINDER_KINDS = ['two_days', 'one_day'] as const;
export type AssignmentReminderKind = (typeof ASSIGNMENT_REMINDER_KINDS)[number];

/** Where one candidate stands on one set of an assignment (the grid's cell). */
export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'done', 'late'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  late: 'Late',
};
