/**
 * My stories (issue 30): a candidate's STAR stories. What others use: a row as the API gives it
 * (the account's export), and the report's "which story did this answer use" (app.ts hands it to
 * the report jobs, which cannot import this module: attempts → reports).
 */
export { toStory } from './service';
export { withStoryUse, type StoryUseDeps } from './story-use';
