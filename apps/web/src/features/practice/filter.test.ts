import type { InterviewSetSummary } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { setSummary } from '@/test/fixtures';
import { filterSets, hasFilters, NO_FILTERS } from './filter';

const sets = [
  setSummary({ title: 'React in Practice', topics: ['Hooks'], difficulty: 'mid', type: 'fixed' }),
  setSummary({
    title: 'SQL',
    description: 'Joins and INDEXES',
    categoryName: 'Backend',
    difficulty: 'junior',
    type: 'fixed',
  }),
  setSummary({
    title: 'Design',
    topics: ['Caching'],
    categoryName: 'System Design',
    difficulty: 'staff',
    type: 'topic-based',
  }),
  setSummary({ title: 'Hidden', isActive: false }),
];
const titles = (r: InterviewSetSummary[]) => r.map((s) => s.title);

describe('Practice filtering', () => {
  it('searches title, description and topics regardless of case', () => {
    expect(titles(filterSets(sets, { ...NO_FILTERS, search: 'react' }))).toEqual([
      'React in Practice',
    ]);
    expect(titles(filterSets(sets, { ...NO_FILTERS, search: 'indexes' }))).toEqual(['SQL']);
    expect(titles(filterSets(sets, { ...NO_FILTERS, search: 'CACH' }))).toEqual(['Design']);
  });
  it('filters by type, difficulty and category, and never shows inactive sets', () => {
    expect(titles(filterSets(sets, NO_FILTERS))).toEqual(['React in Practice', 'SQL', 'Design']);
    expect(titles(filterSets(sets, { ...NO_FILTERS, type: 'topic-based' }))).toEqual(['Design']);
    expect(titles(filterSets(sets, { ...NO_FILTERS, difficulty: 'junior' }))).toEqual(['SQL']);
    expect(titles(filterSets(sets, { ...NO_FILTERS, category: 'Frontend' }))).toEqual([
      'React in Practice',
    ]);
    expect(filterSets(sets, { ...NO_FILTERS, category: 'Backend', type: 'topic-based' })).toEqual(
      [],
    );
  });
  it('knows when any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: ' x ' })).toBe(true);
  });
});
