import { describe, expect, it } from 'vitest';
import { HELD_OUT, heldOutFigures, spearman } from './check';

/**
 * The held-out check's shape, and its figures printed (issue 29). The figure is not asserted:
 * asserting it would invite fitting the rubric to these ten cases, which would end their use.
 */
describe('the system-design held-out check', () => {
  it('has ten graded cases over the three problems, every grade twice', () => {
    expect(HELD_OUT).toHaveLength(10);
    expect(new Set(HELD_OUT.map((g) => g.id)).size).toBe(10);
    expect(new Set(HELD_OUT.map((g) => g.question))).toEqual(new Set([0, 1, 2]));
    for (const grade of [1, 2, 3, 4, 5]) {
      expect(
        HELD_OUT.filter((g) => g.grade === grade),
        `grade ${grade}`,
      ).toHaveLength(2);
    }
  });

  it('computes Spearman as the bench does, ties sharing a rank', () => {
    expect(spearman([1, 2, 3], [10, 20, 30])).toBeCloseTo(1);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBeCloseTo(-1);
    expect(spearman([1, 2, 3, 4], [1, 1, 2, 2])).toBeCloseTo(0.894, 3);
  });

  it('prints grade against the builtin score', () => {
    const { rows, spearman: rho, wordsAlone } = heldOutFigures();
    for (const r of rows)
      console.log(`${r.id.padEnd(10)} grade ${r.grade}  score ${r.score}  words ${r.words}`);
    console.log(`spearman ${rho.toFixed(2)} (goal >= 0.8), words alone ${wordsAlone.toFixed(2)}`);
    expect(rows.every((r) => r.score >= 0 && r.score <= 100)).toBe(true);
  });
});
