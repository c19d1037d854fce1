import { describe, expect, it } from 'vitest';
import { followUpsPerQuestion, interviewerStyleDescription } from './interviewer-style';

describe('what an interviewer style promises (issue 27)', () => {
  it('the follow-ups the interview allows: the depth, one more when demanding', () => {
    expect([0, 1, 2].map((d) => followUpsPerQuestion(d, 'friendly'))).toEqual([0, 1, 2]);
    expect([0, 1, 2].map((d) => followUpsPerQuestion(d, 'demanding'))).toEqual([0, 2, 2]);
    expect(followUpsPerQuestion(undefined, undefined)).toBe(1);
  });

  it('says them as they will be asked: none, one, or up to two', () => {
    expect(interviewerStyleDescription('friendly', 1)).toBe(
      'Warm acknowledgements, one follow-up where an answer is thin.',
    );
    expect(interviewerStyleDescription('friendly', 2)).toBe(
      'Warm acknowledgements, up to two follow-ups where an answer is thin.',
    );
    expect(interviewerStyleDescription('friendly', 0)).toBe(
      'Warm acknowledgements, no follow-up questions.',
    );
    expect(interviewerStyleDescription('neutral', 0)).toBe(
      'Brief acknowledgements, no small talk, no follow-up questions.',
    );
    expect(interviewerStyleDescription('demanding', 1)).toBe(
      'The shortest acknowledgements, up to two follow-ups where an answer is thin, and long rambles cut off after two minutes.',
    );
  });
});
