import type { Difficulty, ScorePoint } from '@candor/shared';

/** The attempts of one interview set taken at one level: the only scores worth comparing. */
export interface SetSeries {
  key: string;
  title: string;
  categoryName: string;
  difficulty: Difficulty;
  /** Oldest first. */
  points: ScorePoint[];
}

/**
 * Splits the trend into one series per interview set and level, as the server bounds it (a set
 * deleted since is known by its title). Series come most recently practised first; the title and
 * category are the latest attempt's, so a renamed set shows its current name.
 */
export function seriesBySet(trend: readonly ScorePoint[]): SetSeries[] {
  const byKey = new Map<string, SetSeries>();
  for (const p of trend) {
    const key = `${p.interviewSetId ?? `deleted:${p.title}`}|${p.difficulty}`;
    const series = byKey.get(key);
    if (series) {
      series.points.push(p);
      series.title = p.title;
      series.categoryName = p.categoryName;
    } else {
      byKey.set(key, {
        key,
        title: p.title,
        categoryName: p.categoryName,
        difficulty: p.difficulty,
        points: [p],
      });
    }
  }
  const latest = (s: SetSeries) => Date.parse(s.points[s.points.length - 1]!.completedAt);
  return [...byKey.values()].sort((a, b) => latest(b) - latest(a));
}

/** The series grouped by category (alphabetical), for the set selector's groups. */
export function groupByCategory(series: readonly SetSeries[]): [string, SetSeries[]][] {
  const groups = new Map<string, SetSeries[]>();
  for (const s of series) groups.set(s.categoryName, [...(groups.get(s.categoryName) ?? []), s]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
