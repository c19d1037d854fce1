import type { ScorePoint } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { groupByCategory, seriesBySet } from './series';

let n = 0;
const point = (p: Partial<ScorePoint> & Pick<ScorePoint, 'completedAt'>): ScorePoint => ({
  interviewId: `i${++n}`,
  interviewSetId: 'rest',
  title: 'REST API Design',
  categoryName: 'Backend',
  difficulty: 'mid',
  overall: 50,
  communication: null,
  problemSolving: null,
  confidence: null,
  ...p,
});

describe('seriesBySet', () => {
  it('never puts two sets, or one set at two levels, on one line', () => {
    const trend = [
      point({ completedAt: '2026-01-01T12:00:00Z', overall: 40 }),
      point({
        completedAt: '2026-01-02T12:00:00Z',
        interviewSetId: 'js',
        title: 'JavaScript Fundamentals',
        categoryName: 'Frontend',
        difficulty: 'junior',
        overall: 90,
      }),
      point({ completedAt: '2026-01-03T12:00:00Z', difficulty: 'senior', overall: 20 }),
      point({ completedAt: '2026-01-04T12:00:00Z', overall: 55, title: 'REST APIs' }),
      point({ completedAt: '2026-01-05T12:00:00Z', interviewSetId: null, title: 'Retired' }),
    ];
    const series = seriesBySet(trend);
    expect(series.map((s) => [s.title, s.difficulty, s.points.map((p) => p.overall)])).toEqual([
      ['Retired', 'mid', [50]],
      // The latest title of a renamed set; its mid attempts only, oldest first.
      ['REST APIs', 'mid', [40, 55]],
      ['REST API Design', 'senior', [20]],
      ['JavaScript Fundamentals', 'junior', [90]],
    ]);
    expect(groupByCategory(series).map(([c, s]) => [c, s.length])).toEqual([
      ['Backend', 3],
      ['Frontend', 1],
    ]);
  });

  it('has no series without points', () => {
    expect(seriesBySet([])).toEqual([]);
  });
});
