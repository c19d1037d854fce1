/**
 * One source for the figures a report shares with History, the progress page, the coach's view
 * and the results CSV (issue 28: "4 answers" beside "3 answers", "38 s" beside "1 minute", a
 * 5-minute set reported as 6.2 minutes). Each figure is computed once, by the server, and every
 * view says it through these functions, so two views cannot round or count it differently.
 */

/**
 * The interview's time (ms): what its clock counted (decision 038), but never past the moment the
 * interviewer completed the interview (a goodbye, the last question, time up: what follows is the
 * candidate reading "click End Interview") nor past the set's duration (a late answer taken in the
 * grace period is scored, but a 5-minute set lasted 5 minutes).
 */
export function interviewTimeMs(o: {
  /** What the clock counted by the end (or by now, for an attempt not ended). */
  countedMs: number;
  durationMinutes: number;
  /** What the clock had counted when the interviewer completed the interview, if it did. */
  completedAfterMs?: number | null;
}): number {
  const limits = [o.countedMs, o.durationMinutes * 60_000];
  if (o.completedAfterMs !== null && o.completedAfterMs !== undefined) {
    limits.push(o.completedAfterMs);
  }
  return Math.max(0, Math.round(Math.min(...limits)));
}

/** The interview's time as every view says it: minutes to one decimal (the specification's). */
export function interviewMinutes(ms: number): number {
  return Math.round(ms / 6_000) / 10;
}

/** A span of seconds as every view says it: "38 s", "1 min 5 s", "2 min". */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/** The report's three performance categories, by field and by the name every view gives them. */
export const PERFORMANCE_CATEGORIES = [
  { key: 'communication', label: 'Communication' },
  { key: 'problemSolving', label: 'Problem Solving' },
  { key: 'confidence', label: 'Confidence' },
] as const;
export type PerformanceCategory = (typeof PERFORMANCE_CATEGORIES)[number]['key'];

/**
 * A skill of the skill breakdown named so it cannot be read as a performance category: a set's
 * topic "Communication" (the answers to its questions, 67/100) beside the category Communication
 * (how clearly every answer was said, 82%) read as one figure with two values.
 */
export function skillName(skill: string): string {
  const name = skill.trim();
  const clash = PERFORMANCE_CATEGORIES.some((c) => c.label.toLowerCase() === name.toLowerCase());
  return clash ? `${name} questions` : name;
}
