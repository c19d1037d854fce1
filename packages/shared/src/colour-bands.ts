// Score colour bands of the specification (section 9). Each returns a band name the UI maps to colours.
export type Band = 'green' | 'yellow' | 'red' | 'grey';

/** Dashboard stat card: 75+ green, 40+ yellow, else red. */
export function statCardBand(score: number): Band {
  if (score >= 75) return 'green';
  if (score >= 40) return 'yellow';
  return 'red';
}

/** Dashboard recent badge: 85+ green, 70+ yellow, else red. */
export function recentBadgeBand(score: number): Band {
  if (score >= 85) return 'green';
  if (score >= 70) return 'yellow';
  return 'red';
}

/** History: 85+ green, 70+ yellow, above 0 red, else grey. */
export function historyScoreBand(score: number): Band {
  if (score >= 85) return 'green';
  if (score >= 70) return 'yellow';
  if (score > 0) return 'red';
  return 'grey';
}

/** Question score out of 10: 8+ green, 5+ yellow, else red. */
export function questionScoreBand(scoreOutOf10: number): Band {
  if (scoreOutOf10 >= 8) return 'green';
  if (scoreOutOf10 >= 5) return 'yellow';
  return 'red';
}
