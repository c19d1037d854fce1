import { describe, expect, it } from 'vitest';
import { endsInterview, generatedReplyKind, type GeneratedReplyFacts } from './kinds';

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

  it('the question said again after "could you repeat the question?" is a repeat (issue 27)', () => {
    const again = 'Sure. How would you invalidate it when prices change?';
    expect(
      generatedReplyKind(
        facts({ answerSince: 'Sorry, could you repeat the question?', reply: again }),
      ),
    ).toBe('repeat');
    // Even in the last minutes: the question is still open.
    expect(
      generatedReplyKind(facts({ answerSince: 'Pardon?', reply: again, elapsedMinutes: 28.5 })),
    ).toBe('repeat');
    // An answer that uses the word is an answer.
    expect(
      generatedReplyKind(
        facts({ answerSince: `${THICK} I would repeat the load test after each change.` }),
      ),
    ).toBe('question');
    // The line after the repeat probes the question it repeated.
    expect(
      generatedReplyKind(facts({ earlierKinds: ['question', 'repeat'], answerSince: 'Redis.' })),
    ).toBe('follow-up');
  });
});

describe('a generated goodbye ends the interview (issue 27)', () => {
  it('a closing that says goodbye and asks nothing', () => {
    expect(
      endsInterview(
        'closing',
        "Thank you, that's all from me. It was a pleasure talking with you. Click end interview button to submit your responses and get your report",
      ),
    ).toBe(true);
    expect(endsInterview('closing', 'Thanks for your questions. Good luck with the role!')).toBe(
      true,
    );
  });

  it('not a closing that asks on, nor another kind', () => {
    expect(endsInterview('closing', 'Good luck! One more: what is a B-tree?')).toBe(false);
    expect(endsInterview('closing', 'Thank you, that was helpful.')).toBe(false);
    expect(endsInterview('answer-to-candidate', 'Good luck with the role!')).toBe(false);
  });
});
