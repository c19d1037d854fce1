/** The catalogue's queries the administrator's side shares with the candidate's. */
export { listQuestions, selectSets } from './queries';
