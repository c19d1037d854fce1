/**
 * A report to share (issue 30): the report as a PDF and read-only share links. What others use:
 * the person's links for the data export (modules/account).
 */
export { shareLinksOf } from './links';
