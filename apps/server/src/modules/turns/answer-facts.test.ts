import { describe, expect, it } from 'vitest';
import { hintOf } from './answer-facts';

describe('the hint of a missed key point', () => {
  it('names what the point is about by its longest word nobody said yet', () => {
    expect(hintOf('Vacuuming reclaims dead tuples', 'How does PostgreSQL store rows?')).toBe(
      'vacuuming',
    );
    expect(hintOf('Indexes speed up reads but slow down writes', 'indexes make reads fast')).toBe(
      'writes',
    );
    expect(hintOf('It is fast', 'it is fast')).toBeNull();
  });
});
