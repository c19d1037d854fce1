import { describe, expect, it } from 'vitest';
import type { ChatMessage, InterviewContext } from '../provider';
import { questionOf } from '../../engine/heard';
import { REPEAT_LEAD, asksToRepeat } from '../../engine/repeat';
import {
  FAREWELL,
  FOLLOW_UP,
  WRAP_UP,
  builtinInterviewerReply,
  builtinInterviewerTurn,
  builtinQuestionKind,
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

/** Plays the builtin interviewer against scripted answers: what it said, and what each line was. */
function play(answers: string[], c = context()) {
  const messages: ChatMessage[] = [];
  const said: string[] = [];
  const kinds: string[] = [];
  const turn = () => {
    const { text, kind } = builtinInterviewerTurn(c, messages);
    said.push(text);
    kinds.push(kind);
    messages.push({ role: 'assistant', content: text });
  };
  turn();
  for (const a of answers) {
    messages.push({ role: 'user', content: a });
    turn();
  }
  return { said, kinds };
}

const converse = (answers: string[], c = context()) => play(answers, c).said;

const LONG =
  'For example, in my last project we built a multi-stage Dockerfile so the final image only had the compiled binary, which cut the image from 900 to 40 megabytes and made deploys much faster.';

describe('builtin interviewer', () => {
  it('opens with warm-ups (two for 30 minutes, one for 15), then bank questions by topic', () => {
    const said = converse(['I am a platform engineer.', 'I like reproducible builds.', LONG]);
    expect(said[0]).toMatch(/^Hello! I'm Alex.*Docker and Kubernetes.*To warm up/);
    expect(said[1]).toContain('Still warming up');
    expect(said[2]).toContain("Let's talk about Docker.");
    // A new topic is introduced by its name, in words that vary (issue 27).
    expect(said[3]).toMatch(/(Let's talk about|Let's turn to|Moving on to|Now,) Kubernetes\./);
    const short = converse(['I am a platform engineer.'], context({ durationMinutes: 15 }));
    expect(short[1]).toContain("Let's talk about Docker.");
  });

  it('asks for a concrete example after a thin answer, once', () => {
    const { said, kinds } = play(['Me.', 'Builds.', 'Images are templates.', 'They are layers.']);
    expect(said[3]).toContain(FOLLOW_UP);
    expect(said[4]).not.toContain(FOLLOW_UP);
    // It knows what each line is: the greeting asks the first warm-up, then a probe.
    expect(kinds).toEqual(['question', 'question', 'question', 'follow-up', 'question']);
  });

  it('wraps up when little time remains by inviting questions, then says goodbye', () => {
    const c = context({ elapsedMinutes: 28.5 });
    const { said, kinds } = play([LONG, 'No, I think that is all from me, thanks.'], c);
    expect(said[1]).toContain('Do you have any questions for me?');
    expect(said[1]).toContain(WRAP_UP);
    expect(said[2]).toBe(FAREWELL);
    expect(kinds.slice(1)).toEqual(['invite-questions', 'closing']);
  });

  it('is deterministic and speaks plain text', () => {
    const a = converse(['Hi', LONG, 'Short.', LONG]);
    expect(converse(['Hi', LONG, 'Short.', LONG])).toEqual(a);
    for (const line of a) expect(line).not.toMatch(/[*#`]/);
  });

  /** The introduction, streamed by the builtin provider as a live turn asks for it. */
  const introduction = (signal?: AbortSignal) =>
    createBuiltinProvider().streamChat({
      messages: [],
      context: context(),
      temperature: 0.7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.1,
      ...(signal ? { signal } : {}),
    });

  it('streams sentence by sentence, adding up to the reply, and ends with its kind', async () => {
    const stream = introduction();
    const parts: string[] = [];
    let step = await stream.next();
    for (; !step.done; step = await stream.next()) parts.push(step.value);
    // The introduction has several sentences: it streams in several pieces.
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(builtinInterviewerReply(context(), []));
    expect(step.value).toEqual({ kind: 'question' });
  });

  it('stops streaming once its signal is aborted', async () => {
    const controller = new AbortController();
    const stream = introduction(controller.signal);
    expect((await stream.next()).done).toBe(false);
    controller.abort();
    await expect(stream.next()).rejects.toMatchObject({ kind: 'aborted' });
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

  it('asks the last question again when the candidate asks for it, and the answer still answers it', () => {
    const { said, kinds } = play([
      'I am a platform engineer.',
      'Sorry, could you repeat the question?',
      'I like reproducible builds.',
    ]);
    expect(said[2]).toBe(`${REPEAT_LEAD} ${questionOf(said[1]!)}`);
    expect(said[2]).toMatch(/^Of course\. What drew you to Docker/);
    // Not a new exchange: the report pairs the next answer with the question it repeats.
    expect(kinds[2]).toBe('repeat');
    expect(said[3]).toContain("Let's talk about Docker.");
    const intro = converse(["Sorry, I didn't catch that"]);
    expect(intro[1]).toMatch(/^Of course\. To warm up, could you tell me a little about yourself/);
  });

  it('tells a request to repeat from an answer that mentions repeating', () => {
    for (const ask of [
      'could you repeat the question',
      'Can you say that again?',
      'Sorry, what was the question?',
      "I didn't catch that, could you rephrase it?",
      'Pardon?',
    ])
      expect(asksToRepeat(ask)).toBe(true);
    expect(asksToRepeat('I would repeat the load test after each change to the cache.')).toBe(
      false,
    );
    expect(asksToRepeat(LONG)).toBe(false);
  });
});
