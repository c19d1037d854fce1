import { describe, expect, it } from 'vitest';
import { generatedReplyKind, type GeneratedReplyFacts } from './kinds';

const THICK =
  'Okay, so I would start from the read path: measure where the time goes, put a read-through cache in front of the slowest query, and give every entry a time to live that matches how fresh the data must be.';

const facts = (over: Partial<GeneratedReplyFacts>): GeneratedReplyFacts => ({
  earlierKinds: ['question'],
  answerSince: THICK,
  reply: 'How would you invalidate it when prices change?',
  durationMinutes: 30,
  elapsedMinutes: 10,
  ...over,
});

describe('the kind of a generated interviewer line', () => {
  it('the first line is a question, asked in the imperative or not', () => {
    expect(generatedReplyKind(facts({ earlierKinds: [], answerSince: '' }))).toBe('question');
    expect(
      generatedReplyKind(
        facts({ earlierKinds: [], answerSince: '', reply: 'Hello! Tell me about yourself.' }),
      ),
    ).toBe('question');
  });

  it('a new question after a full answer, a follow-up after a thin one', () => {
    expect(generatedReplyKind(facts({}))).toBe('question');
    expect(generatedReplyKind(facts({ answerSince: 'I use Redis.' }))).toBe('follow-up');
    // Long, it is a new question even after a thin answer.
    const long = `Let us change subject completely and talk about queues, because they matter a lot in the systems you described and I would like to hear how you think about them. What is back-pressure?`;
    expect(generatedReplyKind(facts({ answerSince: 'I use Redis.', reply: long }))).toBe(
      'question',
    );
    // An apology in between does not change what is probed.
    expect(
      generatedReplyKind(facts({ earlierKinds: ['question', 'apology'], answerSince: 'Redis.' })),
    ).toBe('follow-up');
  });

  it("answers the candidate's question without asking one", () => {
    expect(
      generatedReplyKind(
        facts({
          answerSince: 'Sorry, do you mean reads or writes?',
          reply: 'Reads, mostly: the catalogue is read far more often than it changes.',
        }),
      ),
    ).toBe('answer-to-candidate');
  });

  it('everything in the last minutes, and after a closing, is closing, however it is worded', () => {
    expect(
      generatedReplyKind(facts({ elapsedMinutes: 27.5, reply: 'Anything you want to ask me?' })),
    ).toBe('closing');
    expect(
      generatedReplyKind(
        facts({ earlierKinds: ['question', 'closing'], reply: 'Great question! Goodbye.' }),
      ),
    ).toBe('closing');
  });
});
