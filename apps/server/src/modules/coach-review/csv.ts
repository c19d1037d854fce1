/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that some spreadsheets skip before one) is prefixed with an apostrophe: a candidate
 * named "=HYPERLINK(…)" must not become a link in the coach's spreadsheet. Numbers are written
 * as they are (a score is never negative, and a number is not a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ending in CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
