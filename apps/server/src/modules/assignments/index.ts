/**
 * Assignments (issue 31, slice 2; decision 048): a cohort's sets to do by a due time, the grid of
 * who has done what, and the reminder e-mails. LTI's launch opens the
 * assignment that gives the launched set (assignmentOfSet).
 */
export { sendDueReminders, type ReminderDeps } from './reminders';
export { assignmentOfSet } from './mine';
