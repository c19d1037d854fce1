/**
 * Assignments (issue 31, slice 2; decision 048): a cohort's sets to do by a due time, the grid of
 * who has done what, and the reminder e-mails. Other modules use none of it yet.
 */
export { sendDueReminders, type ReminderDeps } from './reminders';
