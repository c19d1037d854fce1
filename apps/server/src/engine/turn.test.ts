import { describe, expect, it } from 'vitest';
import {
  NOT_STARTED,
  answerWindow,
  canGenerateReport,
  completionReason,
  heldSince,
  isTimeUp,
} from './completion';
import { MESSAGES, TOPIC_TIME_UP, fixedGreeting, fixedTimeUp } from './messages';
import { INITIAL_STATE, readEngineState, type EngineState } from './state';
import { decideAnswer, decideIntro, decideTimeUp, type TurnContext } from './turn';

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const QUESTIONS = [
  { questionText: 'Q one?' },
  { questionText: 'Q two?' },
  { questionText: 'Q three?' },
];

function ctx(over: Partial<TurnContext> = {}): TurnContext {
  return {
    flow: 'fixed',
    title: 'JS Basics',
    durationMinutes: 30,
    questions: QUESTIONS,
    clock: heldSince(T0),
    now: at(1),
    state: { ...INITIAL_STATE },
    ...over,
  };
}

/** Plays a fixed interview answer by answer, as the engine would with stored state. */
function play(answers: string[], c = ctx()) {
  let state: EngineState = c.state;
  const said: string[] = [];
  for (const a of answers) {
    const d = decideAnswer({ ...c, state }, a);
    if (d.kind !== 'say') throw new Error('fixed flow never generates');
    said.push(d.text);
    state = d.state;
  }
  return { said, state };
}

describe('completion rules', () => {
  it('is time up when elapsed minutes reach the duration, not before', () => {
    expect(isTimeUp(heldSince(T0), 30, at(29.99))).toBe(false);
    expect(isTimeUp(heldSince(T0), 30, at(30))).toBe(true);
    expect(isTimeUp(NOT_STARTED, 30, at(300))).toBe(false);
  });

  it('takes answers until the grace period after time-up is over', () => {
    expect(answerWindow(heldSince(T0), 10, at(9.99))).toBe('open');
    expect(answerWindow(heldSince(T0), 10, at(10))).toBe('grace');
    expect(answerWindow(heldSince(T0), 10, at(11))).toBe('grace');
    expect(answerWindow(heldSince(T0), 10, at(11.01))).toBe('closed');
    expect(answerWindow(NOT_STARTED, 10, at(600))).toBe('open');
  });

  it('acknowledges an answer taken after the time-up message instead of repeating it', () => {
    const timedOut: EngineState = {
      ...INITIAL_STATE,
      completed: true,
      completionReason: 'time-up',
    };
    const d = decideAnswer(ctx({ now: at(30.5), state: { ...timedOut, questionIndex: 1 } }), 'x');
    expect(d).toMatchObject({ kind: 'say', text: MESSAGES.lateAnswerSaved });
    expect(d.state).toEqual({ ...timedOut, questionIndex: 1 });
  });

  it('knows every reason an interview is complete', () => {
    const base = {
      flow: 'fixed' as const,
      questionCount: 3,
      durationMinutes: 30,
      clock: heldSince(T0),
      now: at(1),
      state: INITIAL_STATE,
    };
    expect(completionReason(base)).toBeNull();
    expect(completionReason({ ...base, questionCount: 0 })).toBe('empty-set');
    expect(completionReason({ ...base, flow: 'topic-based', questionCount: 0 })).toBeNull();
    expect(completionReason({ ...base, now: at(31) })).toBe('time-up');
    expect(
      completionReason({
        ...base,
        state: { ...INITIAL_STATE, completed: true, completionReason: 'questions-exhausted' },
      }),
    ).toBe('questions-exhausted');
    expect(canGenerateReport(base)).toBe(false);
    expect(canGenerateReport({ ...base, now: at(30) })).toBe(true);
  });

  it('reads unreadable stored state as a fresh start', () => {
    expect(readEngineState({})).toEqual(INITIAL_STATE);
    expect(
      readEngineState({ v: 1, questionIndex: 2, completed: false, completionReason: null })
        .questionIndex,
    ).toBe(2);
  });
});

describe('fixed flow (spec section 4)', () => {
  it('greets and asks the first question when the candidate says hello', () => {
    const d = decideAnswer(ctx(), 'Hello there!');
    expect(d).toMatchObject({ kind: 'say', questionIndex: 0 });
    expect(d.kind === 'say' && d.text).toBe(fixedGreeting('JS Basics', 3, 'Q one?'));
    expect(fixedGreeting('JS Basics', 3, 'Q one?')).toMatch(
      /^Hello! I'm Alex.*Let's begin with the first question: Q one\?$/,
    );
  });

  it('introduces itself the same way on start', () => {
    const d = decideIntro(ctx());
    expect(d.kind === 'say' && d.text).toBe(fixedGreeting('JS Basics', 3, 'Q one?'));
  });

  it('moves on with the spec sentence, closes after the last answer, then says it is finished', () => {
    const { said, state } = play(['hello', 'a1', 'a2', 'a3', 'more?']);
    expect(said.slice(1)).toEqual([
      "Thank you for that answer. Let's move on to the next question: Q two?",
      "Thank you for that answer. Let's move on to the next question: Q three?",
      "Excellent! We've covered all our questions. Thank you for your thoughtful responses.",
      "We've completed all the planned questions. Thank you for your time today. Click end interview button to submit your responses and get your report",
    ]);
    expect(state).toMatchObject({ completed: true, completionReason: 'questions-exhausted' });
  });

  it('does not restart the set when a later answer contains hello', () => {
    const { said } = play(['hi', 'I would say hello to the team first']);
    expect(said[1]).toContain('Q two?');
  });

  it('answers an empty set with the spec message and completes', () => {
    const d = decideIntro(ctx({ questions: [] }));
    expect(d).toMatchObject({ kind: 'say', text: MESSAGES.emptySet, completes: 'empty-set' });
    expect(MESSAGES.emptySet).toBe(
      'Hello! It seems there are no questions configured for this interview. Please contact the administrator.',
    );
    expect(decideAnswer(ctx({ questions: [] }), 'hello')).toMatchObject({
      text: MESSAGES.emptySet,
    });
  });

  it('says the fixed time-up message with the duration once time is up', () => {
    const d = decideAnswer(
      ctx({ now: at(30), state: { ...INITIAL_STATE, questionIndex: 1 } }),
      'answer',
    );
    expect(d).toMatchObject({ kind: 'say', completes: 'time-up' });
    expect(d.kind === 'say' && d.text).toBe(
      "Thank you for your time. We've reached the end of our allocated 30 minutes for this interview, click end interview button to submit your responses and get your report",
    );
    expect(fixedTimeUp(45)).toContain('allocated 45 minutes');
  });
});

describe('topic-based flow', () => {
  const topic = (over: Partial<TurnContext> = {}) =>
    ctx({ flow: 'topic-based', questions: [], ...over });

  it('asks the provider for every reply while time remains', () => {
    expect(decideIntro(topic()).kind).toBe('generate');
    expect(decideAnswer(topic(), 'my answer').kind).toBe('generate');
  });

  it('has its own time-up variant, then says the interview is already completed', () => {
    const d = decideAnswer(topic({ now: at(31) }), 'answer');
    expect(d).toMatchObject({ kind: 'say', text: TOPIC_TIME_UP, completes: 'time-up' });
    const after = decideAnswer(topic({ now: at(32), state: d.state }), 'again');
    expect(after).toMatchObject({ kind: 'say', text: MESSAGES.alreadyCompleted });
  });

  it('announces time-up from the timer only once', () => {
    const d = decideTimeUp(topic({ now: at(30) }));
    expect(d).toMatchObject({ kind: 'say', text: TOPIC_TIME_UP });
    expect(decideTimeUp(topic({ now: at(30), state: d!.state }))).toBeNull();
    expect(decideTimeUp(topic({ now: at(10) }))).toBeNull();
  });
});

describe('spec messages', () => {
  it('are verbatim', () => {
    expect(MESSAGES.turnFailure).toBe(
      "I apologize, but I'm experiencing difficulties. Let's continue with the interview in a moment.",
    );
    expect(MESSAGES.emptyReply).toBe(
      'I apologize, but I encountered an issue. Could you please repeat that?',
    );
    expect(MESSAGES.notYetComplete).toBe('Interview is not yet complete');
    expect(TOPIC_TIME_UP).toMatch(
      /^We've reached our time limit for this interview\. Thank you for your participation! /,
    );
  });
});
