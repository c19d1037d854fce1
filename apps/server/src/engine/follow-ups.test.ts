import { describe, expect, it } from 'vitest';
import { heldSince } from './completion';
import { MESSAGES } from './messages';
import { INITIAL_STATE, type EngineState } from './state';
import { REPEAT_LEAD } from './repeat';
import { STOP_THERE, decideAnswer, fixedFollowUp, type TurnContext } from './turn';

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const QUESTIONS = [{ questionText: 'Q one?' }, { questionText: 'Q two?' }];

const ctx = (over: Partial<TurnContext> = {}): TurnContext => ({
  flow: 'fixed',
  title: 'Databases',
  durationMinutes: 30,
  questions: QUESTIONS,
  clock: heldSince(T0),
  now: at(1),
  state: { ...INITIAL_STATE, questionIndex: 0 },
  followUpDepth: 1,
  ...over,
});

const thin = { thin: true, hint: 'vacuuming' };
const complete = { thin: false, hint: null };

function say(c: TurnContext, answer = 'an answer') {
  const d = decideAnswer(c, answer);
  if (d.kind !== 'say') throw new Error('fixed flow never generates');
  return d;
}

describe('follow-ups in the fixed flow (issue 15)', () => {
  it('probes a thin answer about what it left out, once; a complete answer moves on', () => {
    const probe = say(ctx({ answer: thin }));
    expect(probe.messageKind).toBe('follow-up');
    expect(probe.text).toBe(fixedFollowUp('vacuuming'));
    expect(probe.text).toContain('what about vacuuming?');
    expect(probe.state.questionIndex).toBe(0);
    // Still thin after the probe: depth 1 moves on, and the next question starts fresh.
    const next = say(ctx({ answer: thin, state: probe.state }));
    expect(next.messageKind).toBe('question');
    expect(next.text).toBe(`${MESSAGES.nextQuestionLead} Q two?`);
    expect(next.state.followUps).toBeUndefined();
    expect(say(ctx({ answer: complete })).messageKind).toBe('question');
  });

  it('asks none at depth 0, two at depth 2, and one more when demanding', () => {
    expect(say(ctx({ answer: thin, followUpDepth: 0 })).messageKind).toBe('question');
    let state: EngineState = { ...INITIAL_STATE, questionIndex: 0 };
    const kinds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const d = say(ctx({ answer: thin, followUpDepth: 2, state }));
      kinds.push(d.messageKind);
      state = d.state;
    }
    expect(kinds).toEqual(['follow-up', 'follow-up', 'question']);
    const demanding = say(
      ctx({
        answer: thin,
        style: 'demanding',
        state: { ...INITIAL_STATE, questionIndex: 0, followUps: 1 },
      }),
    );
    expect(demanding.messageKind).toBe('follow-up');
  });

  it('asks no follow-up when the time has no room for it', () => {
    expect(say(ctx({ answer: thin, now: at(28.5) })).messageKind).toBe('question');
  });

  it('a demanding interviewer stops a two-minute answer and moves on', () => {
    const d = say(ctx({ answer: thin, style: 'demanding', answerSeconds: 125 }));
    expect(d.messageKind).toBe('question');
    expect(d.text.startsWith(`${STOP_THERE} ${MESSAGES.nextQuestionLead}`)).toBe(true);
  });

  it('after "I do not know" it offers a smaller piece rather than moving on (issue 27)', () => {
    const d = say(ctx({ answer: { ...thin, declined: true } }), "I don't know.");
    expect(d.messageKind).toBe('follow-up');
    expect(d.text).toBe(
      "That's all right. Let's take a smaller piece of it: what do you know about vacuuming?",
    );
    expect(fixedFollowUp(null, true)).toMatch(/^That's all right\. Even a partial answer helps/);
  });
});

describe('"could you repeat the question?" in the fixed flow (issue 27)', () => {
  it('says the question again and keeps waiting for its answer', () => {
    const state = { ...INITIAL_STATE, questionIndex: 1 };
    const d = say(ctx({ state, answer: thin }), 'Sorry, could you repeat the question?');
    expect(d.messageKind).toBe('repeat');
    expect(d.text).toBe(`${REPEAT_LEAD} Q two?`);
    expect(d.questionIndex).toBe(1);
    expect(d.state).toEqual(state);
  });

  it('repeats the follow-up when a follow-up was asked last', () => {
    const d = say(
      ctx({ lastQuestion: 'What about vacuuming? How does it come into your answer?' }),
      'Pardon?',
    );
    expect(d.text).toBe(`${REPEAT_LEAD} What about vacuuming? How does it come into your answer?`);
  });
});

describe('a fixed question cut off before it was heard (issue 27)', () => {
  it('is asked again, and the words said over it do not move the set on', () => {
    const state = { ...INITIAL_STATE, questionIndex: 1 };
    const d = say(ctx({ state, questionHeard: false, answer: thin }), 'And one more thing.');
    expect(d).toMatchObject({
      messageKind: 'question',
      questionIndex: 1,
      text: `${MESSAGES.questionUnheard} Q two?`,
    });
    expect(d.state).toEqual(state);
  });
});
