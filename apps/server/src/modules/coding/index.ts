/** The coding round's runs, as other modules read them (the turns, the reports, the export). */
export { listRuns, submissionsOf, toCandidateRun } from './service';
