import { describe, expect, it } from 'vitest';
import { historyScoreBand, questionScoreBand, recentBadgeBand, statCardBand } from './colour-bands';
import { categoryTabsPerPage } from './constants';

describe('score colour bands (spec section 9)', () => {
  it('stat cards: 75+ green, 40+ yellow, else red', () => {
    expect([100, 75, 74.9, 40, 39, 0].map(statCardBand)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });
  it('dashboard recent badge: 85+ green, 70+ yellow, else red', () => {
    expect([85, 84, 70, 69, 0].map(recentBadgeBand)).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });
  it('history: 85+ green, 70+ yellow, above 0 red, else grey', () => {
    expect([90, 70, 1, 0].map(historyScoreBand)).toEqual(['green', 'yellow', 'red', 'grey']);
  });
  it('question score out of 10: 8+ green, 5+ yellow, else red', () => {
    expect([10, 8, 7, 5, 4].map(questionScoreBand)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
  });
  it('category tabs per page: 2 under 640, 4 under 1024, 6 otherwise', () => {
    expect([320, 639, 640, 1023, 1024, 1920].map(categoryTabsPerPage)).toEqual([2, 2, 4, 4, 6, 6]);
  });
});
