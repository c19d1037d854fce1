import { describe, expect, it } from 'vitest';
import { isHeardPartOf, spokenText } from './heard';

describe('what the candidate heard', () => {
  const said = "Thanks, that is helpful. Let's talk about **React**. What are props, and why?";

  it('is the start of what was said, compared by letters and digits', () => {
    expect(isHeardPartOf('Thanks, that is helpful.', said)).toBe(true);
    // Cut mid-word, with other spacing and punctuation, without the markdown.
    expect(isHeardPartOf('thanks that is helpful lets talk about Rea', said)).toBe(true);
    expect(isHeardPartOf('', said)).toBe(true);
    expect(isHeardPartOf(said, said)).toBe(true);
  });

  it('refuses words the interviewer never said', () => {
    expect(isHeardPartOf('Thanks, you got the job.', said)).toBe(false);
    expect(isHeardPartOf('that is helpful', said)).toBe(false);
    expect(isHeardPartOf(`${said} And more.`, said)).toBe(false);
  });

  it('reads a cut message as its heard part, others whole', () => {
    expect(spokenText({ message: said, meta: { heard: 'Thanks,' } })).toBe('Thanks,');
    expect(spokenText({ message: said, meta: {} })).toBe(said);
  });
});
