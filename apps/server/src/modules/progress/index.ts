/** A candidate's history and figures, as the coach's view reads them (one source for each number). */
export { history, userStats } from './service';
