import { DEFAULT_DIFFICULTY, DEFAULT_EXPERIENCE_LEVEL, DEFAULT_PATIENCE } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { interviewSets, user } from './schema';

/**
 * The schema restates three defaults as literals, because drizzle-kit reads schema.ts on its own
 * and the migrations carry the literal: this keeps them equal to the one source in shared.
 */
describe('column defaults', () => {
  it("match shared's defaults for a person's experience level and patience, and a set's difficulty", () => {
    expect(user.experienceLevel.default).toBe(DEFAULT_EXPERIENCE_LEVEL);
    expect(user.patience.default).toBe(DEFAULT_PATIENCE);
    expect(interviewSets.difficulty.default).toBe(DEFAULT_DIFFICULTY);
  });
});
