import { describe, expect, it } from 'vitest';
import { formatSeconds, interviewMinutes, interviewTimeMs, skillName } from './report-figures';

const MINUTE = 60_000;

describe('the figures every view shares (issue 28)', () => {
  it("an interview's time stops at its completion and at the set's duration", () => {
    // A 5-minute set that ran on past its time (a late answer, the banner read) is 5 minutes.
    expect(interviewTimeMs({ countedMs: 6.2 * MINUTE, durationMinutes: 5 })).toBe(5 * MINUTE);
    // Completed by its last question at 2 minutes, ended 3 minutes later: 2 minutes.
    expect(
      interviewTimeMs({ countedMs: 5 * MINUTE, durationMinutes: 30, completedAfterMs: 2 * MINUTE }),
    ).toBe(2 * MINUTE);
    // Ended early, before anything completed it: what the clock counted.
    expect(interviewTimeMs({ countedMs: 3.4 * MINUTE, durationMinutes: 30 })).toBe(3.4 * MINUTE);
    expect(interviewMinutes(3.44 * MINUTE)).toBe(3.4);
    expect(interviewMinutes(3.45 * MINUTE)).toBe(3.5);
  });

  it('says seconds as the coding section always did', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(38)).toBe('38 s');
    expect(formatSeconds(60)).toBe('1 min');
    expect(formatSeconds(65.4)).toBe('1 min 5 s');
  });

  it('names a skill apart from a performance category of the same name', () => {
    expect(skillName('Communication')).toBe('Communication questions');
    expect(skillName('problem solving')).toBe('problem solving questions');
    expect(skillName('Node.js')).toBe('Node.js');
  });
});
