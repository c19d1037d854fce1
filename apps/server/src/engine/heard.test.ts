import { describe, expect, it } from 'vitest';
import { heardTheQuestion, isHeardPartOf, questionOf, spokenText } from './heard';

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

describe('the question of a line, without its small talk (issue 27)', () => {
  it('starts at the first sentence that asks', () => {
    expect(
      questionOf(
        "Hello! I'm Alex, and I'll be your interviewer today for SQL. We'll talk about SQL for about 10 minutes. To warm up, could you tell me a little about yourself?",
      ),
    ).toBe('To warm up, could you tell me a little about yourself?');
    expect(
      questionOf(
        "Got it, thank you. Let's talk about SQL. What is a primary key and a foreign key?",
      ),
    ).toBe('What is a primary key and a foreign key?');
    // In the imperative, and over two sentences.
    expect(questionOf('Okay. Next question. Explain transaction isolation levels.')).toBe(
      'Explain transaction isolation levels.',
    );
    expect(
      questionOf('Noted. Describe a time you disagreed with a teammate. How did you resolve it?'),
    ).toBe('Describe a time you disagreed with a teammate. How did you resolve it?');
  });

  it('drops a lead before a colon, and keeps a line that asks nothing whole at its end', () => {
    expect(
      questionOf(
        "Hello! We'll go through 3 questions. Let's begin with the first question: What is a closure?",
      ),
    ).toBe('What is a closure?');
    expect(questionOf('Thank you. Still warming up: what drew you to SQL?')).toBe(
      'What drew you to SQL?',
    );
    expect(questionOf('Thanks. Let me build on that.')).toBe('Let me build on that.');
    const resume =
      'You mention Ledger on your résumé: what was your part in it, and what would you do differently now?';
    expect(questionOf(`Now, about your résumé. ${resume}`)).toBe(resume);
  });
});

describe('whether the question was heard (issue 27)', () => {
  const line =
    "All right. Let's talk about JavaScript. What is a closure, and when would you use one?";
  const cut = (heard?: string) => ({ message: line, meta: heard === undefined ? {} : { heard } });

  it('a line heard whole, or into its question, asked it', () => {
    expect(heardTheQuestion(cut())).toBe(true);
    expect(heardTheQuestion(cut("All right. Let's talk about JavaScript. What is a"))).toBe(true);
  });

  it('a line cut in its small talk, or before a word, asked nothing', () => {
    expect(heardTheQuestion(cut("All right. Let's talk about JavaScript."))).toBe(false);
    expect(heardTheQuestion(cut("All right. Let's talk about JavaScript. What"))).toBe(false);
    expect(heardTheQuestion(cut(''))).toBe(false);
  });
});
