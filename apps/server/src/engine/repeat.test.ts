import { describe, expect, it } from 'vitest';
import { asksToRepeat } from './repeat';

describe('a request to hear the question again (issue 27)', () => {
  it.each([
    'Could you repeat the question?',
    'could you repeat that please',
    'Sorry, can you say that again?',
    'Um, sorry, repeat the question please.',
    'Pardon?',
    'Come again?',
    "Sorry, I didn't catch that.",
    'What was the question again?',
    'Can you rephrase that?',
    'One more time, please.',
  ])('"%s" asks for it', (said) => {
    expect(asksToRepeat(said)).toBe(true);
  });

  it.each([
    'We had to repeat the migration twice because the first one locked the table.',
    'I would repeat the test with a larger data set and compare the query plans before and after the index, because one run could be noise from the cache.',
    'A closure keeps the variables of its scope.',
    "I don't know.",
    '',
  ])('"%s" does not', (said) => {
    expect(asksToRepeat(said)).toBe(false);
  });
});
