/**
 * Attempts: a candidate's interview over its life (created, saved, ended, checked, abandoned).
 * What other modules use of it: ending an attempt (the live channel's `end`) and creating one
 * (the tailored interview's start).
 */
export { endAttempt, type AttemptDeps } from './lifecycle';
export { createInterview, insertAttempt, type AttemptContext } from './service';
