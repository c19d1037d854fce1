/** LTI 1.3 (decision 047): what other code may use. */
export { sendDueScores, queueBestScores, scoresUrl } from './passback';
export type { LaunchTarget } from './routes';
