import type { Difficulty } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { orderByExperience } from './experience-order';

// In the order the catalogue query returns them: by category, then title.
const sets: { title: string; difficulty: Difficulty }[] = [
  { title: 'Core Data Structures', difficulty: 'junior' },
  { title: 'REST API Design', difficulty: 'mid' },
  { title: 'Behavioral Essentials', difficulty: 'junior' },
  { title: 'Frontend Architecture', difficulty: 'senior' },
  { title: 'JavaScript Fundamentals', difficulty: 'junior' },
  { title: 'React in Practice', difficulty: 'mid' },
  { title: 'Designing at Scale', difficulty: 'staff' },
];
const titles = (level: Difficulty) => orderByExperience(sets, level).map((s) => s.title);

describe('orderByExperience', () => {
  it.each<{ name: string; level: Difficulty; expected: string[] }>([
    {
      name: 'puts a junior candidate’s level first, then mid, senior and staff, each in catalogue order',
      level: 'junior',
      expected: [
        'Core Data Structures',
        'Behavioral Essentials',
        'JavaScript Fundamentals',
        'REST API Design',
        'React in Practice',
        'Frontend Architecture',
        'Designing at Scale',
      ],
    },
    {
      name: 'gives a senior candidate senior sets, then both neighbours in catalogue order, then junior',
      level: 'senior',
      expected: [
        'Frontend Architecture',
        'REST API Design',
        'React in Practice',
        'Designing at Scale',
        'Core Data Structures',
        'Behavioral Essentials',
        'JavaScript Fundamentals',
      ],
    },
  ])('$name', ({ level, expected }) => {
    expect(titles(level)).toEqual(expected);
  });

  it('with no set at the candidate’s level, the nearest levels lead', () => {
    const noSenior = sets.filter((s) => s.difficulty !== 'senior');
    expect(orderByExperience(noSenior, 'senior').map((s) => s.difficulty)).toEqual([
      'mid',
      'mid',
      'staff',
      'junior',
      'junior',
      'junior',
    ]);
  });

  it('leaves the input untouched and keeps an empty list empty', () => {
    const copy = [...sets];
    orderByExperience(sets, 'staff');
    expect(sets).toEqual(copy);
    expect(orderByExperience([], 'mid')).toEqual([]);
  });
});
