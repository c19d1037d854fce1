/**
 * Retries (issue 30): retry one question of a report as an attempt of its own, its outcome beside
 * the first try, progress per question and model answers. What others use: a completed report's
 * content (the stories' drafts read the answer from it).
 */
export { retryOutcome, questionProgress } from './outcome';
export { questionSnapshot, reportContentOf } from './service';
