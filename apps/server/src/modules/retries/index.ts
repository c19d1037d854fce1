/**
 * Retries (issue 30): retry one question of a report as an attempt of its own, its outcome beside
 * the first try, and progress per question. Nothing of it is used by other modules yet.
 */
export { retryOutcome, questionProgress } from './outcome';
