/** Reports, as other modules read them (the coach's view of a candidate) and make them. */
export { createReportJobs, type ReportJobs } from './jobs';
export { getReport } from './service';
