import { describe, expect, it } from 'vitest';
import { interviewContextOf } from '../../test/interview-contexts';
import type { ChatMessage } from '../provider';
import { FOLLOW_UP, builtinInterviewerTurn } from './interviewer';

/**
 * Issue 27: "Could you repeat the question?", said or typed, gets the last question again, and
 * the interview goes on from it as if the request had not been an answer.
 */

const context = interviewContextOf;

function play(answers: string[], c = context()) {
  const messages: ChatMessage[] = [];
  const lines: { text: string; kind: string }[] = [];
  const turn = () => {
    const t = builtinInterviewerTurn(c, messages);
    lines.push(t);
    messages.push({ role: 'assistant', content: t.text });
  };
  turn();
  for (const a of answers) {
    messages.push({ role: 'user', content: a });
    turn();
  }
  return lines;
}

const ABOUT_ME = 'I build payment systems.';
const REPEAT = 'Sorry, could you repeat the question?';

describe('"could you repeat the question?" (issue 27)', () => {
  it('says the last question again, without the small talk, as a repeat', () => {
    const lines = play([ABOUT_ME, REPEAT]);
    const question = lines[1]!.text.split('. ').slice(-1)[0]!;
    expect(lines[2]).toEqual({ text: `Of course. ${question}`, kind: 'repeat' });
  });

  it('repeats the warm-up, and a follow-up', () => {
    expect(play([REPEAT])[1]).toMatchObject({
      text: expect.stringMatching(/^Of course\. To warm up, could you tell me/),
      kind: 'repeat',
    });
    const lines = play([ABOUT_ME, 'An index is fast.', 'Pardon?']);
    expect(lines[2]!.text).toContain(FOLLOW_UP);
    expect(lines[3]).toEqual({ text: `Of course. ${FOLLOW_UP}`, kind: 'repeat' });
  });

  it('is not an answer: a thin answer after it still gets its follow-up', () => {
    const lines = play([ABOUT_ME, REPEAT, 'An index is fast.']);
    expect(lines[3]!.kind).toBe('follow-up');
    expect(lines[3]!.text).toContain(FOLLOW_UP);
  });

  it('after the invitation, says the invitation again; the request is not a question of theirs', () => {
    const lines = play(
      [ABOUT_ME, REPEAT, "No, that's all from me."],
      context({ elapsedMinutes: 19 }),
    );
    expect(lines[1]!.kind).toBe('invite-questions');
    expect(lines[2]).toEqual({
      text: 'Of course. Do you have any questions for me?',
      kind: 'repeat',
    });
    expect(lines[3]!.kind).toBe('closing');
  });
});
