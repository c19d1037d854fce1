/** The audit trail other modules write to when a coach opens a candidate's work. */
export { recordView, type Actor } from './audit';
