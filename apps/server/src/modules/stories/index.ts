/** My stories (issue 30): a candidate's STAR stories. What others use: a row as the API gives it (the account's export). */
export { toStory } from './service';
