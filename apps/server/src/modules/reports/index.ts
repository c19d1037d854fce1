/** Reports, as other modules read them (the coach's view of a candidate). */
export { getReport } from './service';
