import { describe, expect, it } from 'vitest';
import type { ChatMessage, InterviewContext } from '../provider';
import {
  FAREWELL,
  FOLLOW_UP,
  WRAP_UP,
  builtinInterviewerReply,
  builtinQuestionKind,
  chunksOf,
} from './interviewer';
import { createBuiltinProvider } from './provider';

const context = (over: Partial<InterviewContext> = {}): InterviewContext => ({
  interviewId: 'x',
  title: 'Docker chat',
  category: 'DevOps',
  difficulty: 'mid',
  flow: 'topic-based',
  topics: ['Docker', 'Kubernetes'],
  aiPrompt: null,
  durationMinutes: 30,
  elapsedMinutes: 1,
  ...over,
});

/** Plays the builtin interviewer against scripted answers. */
function converse(answers: string[], c = context()): string[] {
  const messages: ChatMessage[] = [];
  const said: string[] = [];
  const first = builtinInterviewerReply(c, messages);
  said.push(first);
  messages.push({ role: 'assistant', content: first });
  for (const a of answers) {
    messages.push({ role: 'user', content: a });
    const reply = builtinInterviewerReply(c, messages);
    said.push(reply);
    messages.push({ role: 'assistant', content: reply });
  }
  return said;
}

const LONG =
  'For example, in my last project we built a multi-stage Dockerfile so the final image only had the compiled binary, which cut the image from 900 to 40 megabytes and made deploys much faster.';

describe('builtin interviewer', () => {
  it('opens with warm-ups (two for 30 minutes, one for 15), then bank questions by topic', () => {
    const said = converse(['I am a platform engineer.', 'I like reproducible builds.', LONG]);
    expect(said[0]).toMatch(/^Hello! I'm Alex.*Docker, Kubernetes.*To warm up/);
    expect(said[1]).toContain('Still warming up');
    expect(said[2]).toContain("Let's talk about Docker.");
    expect(said[3]).toContain("Let's talk about Kubernetes.");
    const short = converse(['I am a platform engineer.'], context({ durationMinutes: 15 }));
    expect(short[1]).toContain("Let's talk about Docker.");
  });

  it('asks for a concrete example after a thin answer, once', () => {
    const said = converse(['Me.', 'Builds.', 'Images are templates.', 'They are layers.']);
    expect(said[3]).toContain(FOLLOW_UP);
    expect(said[4]).not.toContain(FOLLOW_UP);
  });

  it('wraps up when little time remains, then says goodbye', () => {
    const c = context({ elapsedMinutes: 28.5 });
    const said = converse([LONG, LONG], c);
    expect(said[1]).toContain(WRAP_UP);
    expect(said[2]).toBe(FAREWELL);
  });

  it('is deterministic and speaks plain text', () => {
    const a = converse(['Hi', LONG, 'Short.', LONG]);
    expect(converse(['Hi', LONG, 'Short.', LONG])).toEqual(a);
    for (const line of a) expect(line).not.toMatch(/[*#`]/);
  });

  it('streams sentence by sentence, adding up to the reply', async () => {
    expect(chunksOf('one two three four five').join('')).toBe('one two three four five');
    for (const text of ['Good. Next: what is a closure?', '?? odd start', 'No stop', '...', ''])
      expect(chunksOf(text).join('')).toBe(text);
    expect(chunksOf('Thank you. Next question: what is X? Take your time!')).toEqual([
      'Thank you. ',
      'Next question: what is X? ',
      'Take your time!',
    ]);
    const parts: string[] = [];
    for await (const p of createBuiltinProvider().streamChat({
      messages: [],
      context: context(),
      temperature: 0.7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.1,
    })) {
      parts.push(p);
    }
    // The introduction has several sentences: it streams in several pieces.
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(builtinInterviewerReply(context(), []));
  });

  it('asks stories about non-technical topics, never "What is Motivation?"', () => {
    const c = context({
      title: 'What drives you',
      category: 'Behavioral',
      topics: ['Motivation', 'Teamwork'],
    });
    const said = converse(
      ['I lead a small platform team.', 'Shipping things people use.', LONG, LONG, LONG],
      c,
    );
    expect(said[1]).toContain('what kind of work gives you the most energy');
    expect(said[1]).not.toContain('what drew you to Motivation');
    const asked = said.slice(2).join(' ');
    expect(asked).toMatch(/Tell me about a time|Describe a (time|situation)/);
    expect(asked).not.toMatch(/What is (Motivation|Teamwork)/);
    expect(builtinQuestionKind(said[0]!, c.topics, c.category)).toBe('warm-up');
    expect(builtinQuestionKind(said[2]!, c.topics, c.category)).toBe('behavioural');
  });
});
