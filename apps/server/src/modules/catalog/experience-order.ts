import { EXPERIENCE_LEVELS, type Difficulty, type ExperienceLevel } from '@candor/shared';

const rank = (level: ExperienceLevel) => EXPERIENCE_LEVELS.indexOf(level);

/**
 * Quick Practice order for a candidate: sets at their own experience level first, then the
 * neighbouring levels, then further ones (by distance between levels). Sets at the same distance
 * keep the order they came in (category, then title), so a level below and a level above are not
 * reordered against each other.
 */
export function orderByExperience<T extends { difficulty: Difficulty }>(
  sets: readonly T[],
  level: ExperienceLevel,
): T[] {
  const own = rank(level);
  return sets
    .map((set, index) => ({ set, index, distance: Math.abs(rank(set.difficulty) - own) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map(({ set }) => set);
}
