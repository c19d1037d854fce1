import { describe, expect, it } from 'vitest';
import { heldSince } from './completion';
import { MESSAGES } from './messages';
import { INITIAL_STATE, engineStateSchema } from './state';
import { decideAnswer, type CandidateQuestionReply, type TurnContext } from './turn';

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** Who answers is not the engine's business (the builtin answerer is tested on its own): it is told what was said and how many were asked before. */
const heard: [string, number][] = [];
const answerer: CandidateQuestionReply = (said, askedBefore) => {
  heard.push([said, askedBefore]);
  if (/^no\b/i.test(said)) return { text: 'Goodbye.', kind: 'closing' };
  return askedBefore + 1 >= 3
    ? { text: `Answer ${askedBefore + 1}. Goodbye.`, kind: 'closing' }
    : { text: `Answer ${askedBefore + 1}.`, kind: 'answer-to-candidate' };
};

const ctx = (over: Partial<TurnContext> = {}): TurnContext => ({
  flow: 'fixed',
  title: 'Databases',
  durationMinutes: 20,
  questions: [{ questionText: 'Q one?' }],
  clock: heldSince(T0),
  now: at(5),
  state: { ...INITIAL_STATE, questionIndex: 0 },
  followUpDepth: 0,
  inviteQuestions: true,
  answerCandidate: answerer,
  ...over,
});

function say(c: TurnContext, text: string) {
  const d = decideAnswer(c, text);
  if (d.kind !== 'say') throw new Error('fixed flow never generates');
  return d;
}

describe('the candidate’s questions in the fixed flow (issue 15)', () => {
  it('invites them after the last answer without completing, and keeps that in a state that reads back', () => {
    const invite = say(ctx(), 'My answer.');
    expect(invite).toMatchObject({
      messageKind: 'invite-questions',
      text: MESSAGES.fixedInvitation,
    });
    expect(invite.completes).toBeUndefined();
    expect(invite.state.completed).toBe(false);
    expect(engineStateSchema.parse(invite.state)).toEqual(invite.state);
    // Without the set's invitation, the last answer closes the interview as before.
    const closed = say(ctx({ inviteQuestions: false }), 'My answer.');
    expect(closed).toMatchObject({ text: MESSAGES.fixedClosing, completes: 'questions-exhausted' });
  });

  it('hands each question to the answerer with the count before it, and closes when it says goodbye', () => {
    heard.length = 0;
    let state = say(ctx(), 'My answer.').state;
    const replies = [];
    for (const q of ['How big is the team?', 'Is there on-call?', 'What does a day look like?']) {
      const d = say(ctx({ state }), q);
      replies.push(d);
      state = d.state;
    }
    expect(heard).toEqual([
      ['How big is the team?', 0],
      ['Is there on-call?', 1],
      ['What does a day look like?', 2],
    ]);
    expect(replies.map((r) => [r.messageKind, r.text, r.completes])).toEqual([
      ['answer-to-candidate', 'Answer 1.', undefined],
      ['answer-to-candidate', 'Answer 2.', undefined],
      ['closing', 'Answer 3. Goodbye.', 'questions-exhausted'],
    ]);
    expect(state.completed).toBe(true);
    const invited = say(ctx(), 'My answer.').state;
    expect(say(ctx({ state: invited }), 'No.')).toMatchObject({
      messageKind: 'closing',
      completes: 'questions-exhausted',
    });
    // With nobody to answer, the interviewer says goodbye rather than invent an answer.
    expect(
      say(ctx({ state: invited, answerCandidate: undefined }), 'Who founded it?'),
    ).toMatchObject({
      text: MESSAGES.fixedFarewell,
      completes: 'questions-exhausted',
    });
  });

  it('the time running out while the candidate asks ends it with the time-up message', () => {
    const state = say(ctx(), 'My answer.').state;
    const late = say(ctx({ state, now: at(21) }), 'How big is the team?');
    expect(late).toMatchObject({ messageKind: 'time-up', completes: 'time-up' });
  });
});
