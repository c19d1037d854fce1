import { describe, expect, it } from 'vitest';
import { endsSentence, sentencesOf, splitSentences } from './sentences';

describe('the sentence rule', () => {
  it('splits a whole text into its sentences, in order', () => {
    expect(splitSentences('Thank you. Next question: what is X? Take your time!')).toEqual([
      'Thank you. ',
      'Next question: what is X? ',
      'Take your time!',
    ]);
  });

  it('does not end a sentence at a decimal point; a closing quote or bracket belongs to it', () => {
    expect(splitSentences('It took 2.5 seconds. He said "done." Then  we left')).toEqual([
      'It took 2.5 seconds. ',
      'He said "done." ',
      'Then  we left',
    ]);
  });

  it('loses no character: the chunks joined are the text', () => {
    for (const text of [
      'Good. Next: what is a closure?',
      '?? odd start',
      'No stop',
      '...',
      ' a. b.  ',
      "Okay, so… Zoë O'Brien-Smith asked. Really?! Yes.\n\nNext",
    ])
      expect(splitSentences(text).join('')).toBe(text);
    expect(splitSentences('')).toEqual([]);
  });

  it('says whether a text ends where a sentence does (a streamed text may go on)', () => {
    expect(endsSentence('Hello there. ')).toBe(true);
    expect(endsSentence('Is it "done?" ')).toBe(true);
    expect(endsSentence('Hello there.')).toBe(false); // "there.5" is still possible
    expect(endsSentence('It took 2')).toBe(false);
    expect(endsSentence('Hello there, ')).toBe(false);
    expect(endsSentence('')).toBe(false);
  });

  it('reads a text as its sentences, trimmed, a line break ending one too', () => {
    expect(
      sentencesOf('Okay, so… it took 2.5 s.  Then "done."\n- Kafka, Spark\n\nWhy? Because.'),
    ).toEqual(['Okay, so… it took 2.5 s.', 'Then "done."', '- Kafka, Spark', 'Why?', 'Because.']);
    expect(sentencesOf('  \n ')).toEqual([]);
  });
});
