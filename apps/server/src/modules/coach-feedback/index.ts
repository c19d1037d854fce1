/** Coach feedback (issue 31, slice 3): what other modules use of it (the candidate's data export). */
export { feedbackOf } from './service';
