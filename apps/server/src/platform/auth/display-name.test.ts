import { describe, expect, it } from 'vitest';
import { personNameSchema } from '@candor/shared';
import { splitDisplayName } from './display-name';

describe('splitting a provider display name', () => {
  it.each([
    ['Grace Brewster Hopper', 'Grace', 'Brewster Hopper'],
    ['  Ada   Lovelace ', 'Ada', 'Lovelace'],
    ['Plato', 'Plato', ''],
    ['', 'User', ''],
    [null, 'User', ''],
    [undefined, 'User', ''],
    ["Zoë O'Brien-Smith", 'Zoë', "O'Brien-Smith"],
    ['Nguyễn Thị Minh Khai', 'Nguyễn', 'Thị Minh Khai'],
    ['Zoe\u0308 Okafor', 'Zoë', 'Okafor'],
    ['Владимир Иванов', 'Владимир', 'Иванов'],
    ['王 小明', '王', '小明'],
    ['ada99 🚀 Lovelace', 'ada', 'Lovelace'],
    ['🚀🚀', 'User', ''],
    ['<b>Ada</b> Lovelace', 'User', 'Ada b Lovelace'],
    ['J Smith', 'User', 'Smith'],
  ])('%j → first %j, last %j', (name, firstName, lastName) => {
    expect(splitDisplayName(name)).toEqual({ firstName, lastName });
  });

  it('always yields names the shared rule accepts (the last name may be left empty)', () => {
    for (const raw of [
      'x'.repeat(80),
      `${'é'.repeat(60)} ${'ü'.repeat(60)}`,
      '1 2 3',
      'A\u0000B',
    ]) {
      const { firstName, lastName } = splitDisplayName(raw);
      expect(personNameSchema('First name').safeParse(firstName).success, raw).toBe(true);
      if (lastName) expect(personNameSchema('Last name').safeParse(lastName).success).toBe(true);
    }
  });
});
