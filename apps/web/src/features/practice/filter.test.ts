import type { InterviewSetSummary } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { filterSets, hasFilters, NO_FILTERS } from './filter';

const set = (over: Partial<InterviewSetSummary>): InterviewSetSummary => ({
  id: Math.random().toString(36),
  title: 'Title',
  description: '',
  category: { id: 'c', name: 'Frontend' },
  categoryId: 'c',
  categoryName: 'Frontend',
  difficulty: 'mid',
  type: 'fixed',
  topics: [],
  duration: 30,
  followUpDepth: 1,
  inviteQuestions: true,
  showHome: false,
  isActive: true,
  createdAt: '',
  _count: { interviews: 0, questions: 0 },
  ...over,
});

const sets = [
  set({ title: 'React in Practice', topics: ['Hooks'], difficulty: 'mid', type: 'fixed' }),
  set({
    title: 'SQL',
    description: 'Joins and INDEXES',
    categoryName: 'Backend',
    difficulty: 'junior',
    type: 'fixed',
  }),
  set({
    title: 'Design',
    topics: ['Caching'],
    categoryName: 'System Design',
    difficulty: 'staff',
    type: 'topic-based',
  }),
  set({ title: 'Hidden', isActive: false }),
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
