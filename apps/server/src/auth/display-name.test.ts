import { describe, expect, it } from 'vitest';
import { splitDisplayName } from './auth';

describe('splitting a provider display name', () => {
  it.each([
    ['Grace Brewster Hopper', 'Grace', 'Brewster Hopper'],
    ['  Ada   Lovelace ', 'Ada', 'Lovelace'],
    ['Plato', 'Plato', ''],
    ['', 'User', ''],
    [null, 'User', ''],
    [undefined, 'User', ''],
  ])('%j → first %j, last %j', (name, firstName, lastName) => {
    expect(splitDisplayName(name)).toEqual({ firstName, lastName });
  });
});
