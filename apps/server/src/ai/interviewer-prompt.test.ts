import { describe, expect, it } from 'vitest';
import { interviewerSystemPrompt, timeNote } from './interviewer-prompt';
import type { InterviewContext } from './provider';

/** Issue 27: what the model is told about pacing, the set's topics, follow-ups and repeats. */

const context = (over: Partial<InterviewContext> = {}): InterviewContext => ({
  interviewId: 'x',
  title: 'Data platform',
  category: 'Data',
  difficulty: 'mid',
  flow: 'topic-based',
  topics: ['SQL', 'Apache Spark'],
  aiPrompt: null,
  durationMinutes: 10,
  elapsedMinutes: 1,
  ...over,
});

describe('the model interviewer’s prompt (issue 27)', () => {
  it('uses the whole time, and wraps up only in the wrap-up minutes', () => {
    const prompt = interviewerSystemPrompt(context());
    expect(prompt).toContain('keep asking questions until only 2 minute(s) remain');
    expect(prompt).toContain('Never say that time is running out');
    expect(timeNote(context({ elapsedMinutes: 5.5 }))).toBe(
      '(5 minute(s) of the interview remain. It is not time to wrap up yet.)',
    );
    expect(timeNote(context({ elapsedMinutes: 8.2 }))).toContain(
      'The wrap-up has begun: ask "Do you have any questions for me?"',
    );
  });

  it('asks about the set’s topics by their names, and repeats a question when asked', () => {
    const prompt = interviewerSystemPrompt(context());
    expect(prompt).toContain('Topics: SQL, Apache Spark. Ask about each of them by these names');
    expect(prompt).toContain('If the candidate asks you to repeat the question');
  });

  it('promises the follow-ups the style and depth allow, "I don’t know" included', () => {
    expect(interviewerSystemPrompt(context({ followUpDepth: 2 }))).toContain('up to 2 follow-ups');
    expect(interviewerSystemPrompt(context({ style: 'demanding' }))).toContain(
      'up to 2 follow-ups',
    );
    expect(interviewerSystemPrompt(context())).toContain('says they do not know');
    expect(interviewerSystemPrompt(context({ followUpDepth: 0 }))).toContain(
      'Do not ask follow-up questions',
    );
  });
});
