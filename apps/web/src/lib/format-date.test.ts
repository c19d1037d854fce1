import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDay, formatDayTime, formatTime } from './format-date';

// Local dates built from parts, so the expectations hold in any time zone the tests run in.
const local = new Date(2026, 10, 3, 9, 5, 7);

describe('format-date', () => {
  it('writes the day in the browser time zone', () => {
    expect(formatDay(local)).toBe('3 Nov 2026');
    expect(formatDay(local.toISOString())).toBe('3 Nov 2026');
    expect(formatDay(new Date(2027, 0, 31))).toBe('31 Jan 2027');
  });

  it('writes hours and minutes with two digits, seconds when asked', () => {
    expect(formatTime(local)).toBe('09:05');
    expect(formatTime(local.toISOString(), { seconds: true })).toBe('09:05:07');
    expect(formatTime(new Date(2026, 0, 1, 23, 59, 0))).toBe('23:59');
  });

  it('writes a calendar day as it is stored, whatever the time zone', () => {
    expect(formatCalendarDay('2031-03-01')).toBe('1 Mar 2031');
    expect(formatCalendarDay('2031-12-31')).toBe('31 Dec 2031');
    expect(formatCalendarDay('2031-13-01')).toBe('');
    expect(formatCalendarDay(null)).toBe('');
  });

  it('joins day and time', () => {
    expect(formatDayTime(local)).toBe('3 Nov 2026, 09:05');
  });

  it('writes nothing for a missing or unreadable date', () => {
    for (const bad of [null, undefined, '', 'not a date']) {
      expect(formatDay(bad)).toBe('');
      expect(formatTime(bad)).toBe('');
      expect(formatDayTime(bad)).toBe('');
    }
  });
});
