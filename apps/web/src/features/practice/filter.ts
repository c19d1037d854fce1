import { matchesSearch, type InterviewSetSummary } from '@candor/shared';

export interface PracticeFilters {
  search: string;
  type: string;
  difficulty: string;
  /** A category name, or 'all'. */
  category: string;
}

export const NO_FILTERS: PracticeFilters = {
  search: '',
  type: 'all',
  difficulty: 'all',
  category: 'all',
};

/** The Practice screen's rule: a set shows only if it matches difficulty, type, category, search and is active. */
export function filterSets(sets: InterviewSetSummary[], f: PracticeFilters): InterviewSetSummary[] {
  return sets.filter(
    (s) =>
      s.isActive &&
      (f.type === 'all' || s.type === f.type) &&
      (f.difficulty === 'all' || s.difficulty === f.difficulty) &&
      (f.category === 'all' || s.categoryName === f.category) &&
      matchesSearch(s, f.search),
  );
}

export function hasFilters(f: PracticeFilters): boolean {
  return (
    f.search.trim() !== '' || f.type !== 'all' || f.difficulty !== 'all' || f.category !== 'all'
  );
}
