import { describe, expect, it } from 'vitest';
import { successRate } from './pages';

describe('success rate', () => {
  it('is completed out of finished attempts, rounded, and 0 with none finished', () => {
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(3, 3)).toBe(100);
    expect(successRate(0, 4)).toBe(0);
    expect(successRate(0, 0)).toBe(0);
  });
});
