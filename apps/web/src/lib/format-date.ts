/**
 * Dates and times as the screens show them, in the browser's time zone: '23 Nov 2026', '14:05',
 * '14:05:07'. One unambiguous English form (the product's words are English) instead of
 * `toLocaleDateString()`, whose first call loads the browser's locale data: tens of milliseconds of
 * main thread on a phone, in the middle of the first render.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '23 Nov 2026'; '' for a missing or unreadable date. */
export function formatDay(value: string | Date | null | undefined): string {
  const d = value == null ? null : parse(value);
  return d ? `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}` : '';
}

/**
 * A calendar day stored as 'YYYY-MM-DD' (a cohort's start), as '1 Mar 2031' wherever the browser
 * is: read as a date and time it would be midnight UTC, the day before west of Greenwich.
 */
export function formatCalendarDay(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return '';
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : '';
}

/** '14:05', or '14:05:07' with seconds; '' for a missing or unreadable time. */
export function formatTime(
  value: string | Date | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const d = value == null ? null : parse(value);
  if (!d) return '';
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return seconds ? `${hm}:${two(d.getSeconds())}` : hm;
}

/** '23 Nov 2026, 14:05'; '' for a missing or unreadable date. */
export function formatDayTime(value: string | Date | null | undefined): string {
  const day = formatDay(value);
  return day && `${day}, ${formatTime(value)}`;
}
