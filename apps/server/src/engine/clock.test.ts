import { ATTEMPT_CLOCK } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import {
  NOT_STARTED,
  answerWindow,
  clockAt,
  completionReason,
  elapsedMinutes,
  elapsedMs,
  heldSince,
  isTimeUp,
  type AttemptClock,
} from './completion';
import { MESSAGES, TOPIC_TIME_UP } from './messages';
import { INITIAL_STATE } from './state';
import { decideAnswer, decideTimeUp, saidGoodbye, type TurnContext } from './turn';

/**
 * The interview clock (decision 038): time counts while the candidate is in the interview, and a
 * time-up after the interviewer's goodbye adds no second closing.
 */

const T0 = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const MINUTE = 60_000;

/** The clock of an attempt answered for `minutes` and then left (stopped at its departure). */
const leftAfter = (minutes: number): AttemptClock => ({
  startedAt: T0,
  activeMs: minutes * MINUTE,
  presentAt: null,
  held: false,
});

describe('the interview clock', () => {
  it('counts nothing before the start, and wall time while a channel holds it', () => {
    expect(elapsedMs(NOT_STARTED, at(90))).toBe(0);
    expect(elapsedMinutes(heldSince(T0), at(12.5))).toBe(12.5);
    // A clock read a moment before its last sign never runs backwards.
    expect(elapsedMs(heldSince(at(1)), T0)).toBe(0);
  });

  it('stops while the candidate is away, and goes on from there when they are back', () => {
    const left = clockAt(heldSince(T0), at(1), 'gone');
    expect(left).toEqual({ activeMs: MINUTE, presentAt: null });
    const away: AttemptClock = { startedAt: T0, ...left, held: false };
    // 30 minutes later: still one minute counted, nine of a ten-minute interview left.
    expect(elapsedMinutes(away, at(31))).toBe(1);
    expect(isTimeUp(away, 10, at(31))).toBe(false);
    expect(answerWindow(away, 10, at(31))).toBe('open');

    const back = clockAt(away, at(31), 'here');
    expect(back).toEqual({ activeMs: MINUTE, presentAt: at(31) });
    const resumed: AttemptClock = { startedAt: T0, ...back, held: true };
    expect(elapsedMinutes(resumed, at(35))).toBe(5);
    expect(isTimeUp(resumed, 10, at(39.99))).toBe(false);
    expect(isTimeUp(resumed, 10, at(40))).toBe(true);
    expect(answerWindow(resumed, 10, at(41))).toBe('grace');
    expect(answerWindow(resumed, 10, at(41.01))).toBe('closed');
  });

  it('counts a hold that ran out (its process died) only up to the hold past the last sign', () => {
    const lost: AttemptClock = {
      startedAt: T0,
      activeMs: 2 * MINUTE,
      presentAt: at(2),
      held: false,
    };
    expect(elapsedMs(lost, at(2.5))).toBe(2.5 * MINUTE);
    expect(elapsedMs(lost, at(60))).toBe(2 * MINUTE + ATTEMPT_CLOCK.holdMs);
    // What it counted is kept when the candidate comes back.
    expect(clockAt(lost, at(60), 'here').activeMs).toBe(2 * MINUTE + ATTEMPT_CLOCK.holdMs);
  });

  it('decides completion on the time counted, not the time since the start', () => {
    const input = {
      flow: 'fixed' as const,
      questionCount: 3,
      durationMinutes: 10,
      now: at(45),
      state: INITIAL_STATE,
    };
    expect(completionReason({ ...input, clock: leftAfter(4) })).toBeNull();
    expect(completionReason({ ...input, clock: leftAfter(10) })).toBe('time-up');
    expect(completionReason({ ...input, clock: heldSince(T0) })).toBe('time-up');
  });
});

describe('time-up after the interviewer said goodbye', () => {
  const topic = (over: Partial<TurnContext> = {}): TurnContext => ({
    flow: 'topic-based',
    title: 'Node chat',
    durationMinutes: 10,
    questions: [],
    clock: heldSince(T0),
    now: at(10),
    state: { ...INITIAL_STATE },
    ...over,
  });

  it('knows a goodbye from the kinds of the interviewer’s lines', () => {
    expect(saidGoodbye(['question', 'invite-questions', 'closing'])).toBe(true);
    expect(saidGoodbye(['question', 'time-up'])).toBe(true);
    expect(saidGoodbye(['question', 'closing', 'question'])).toBe(false);
    expect(saidGoodbye(['question', 'invite-questions'])).toBe(false);
    expect(saidGoodbye([])).toBe(false);
  });

  it('completes without a word from the timer, once', () => {
    const d = decideTimeUp(topic({ interviewerClosed: true }));
    expect(d).toEqual({
      kind: 'close',
      state: {
        ...INITIAL_STATE,
        completed: true,
        completionReason: 'time-up',
        // The interview time counted when it completed: its report's duration stops here.
        completedAfterMs: 10 * 60_000,
      },
      completes: 'time-up',
    });
    expect(decideTimeUp(topic({ interviewerClosed: true, state: d!.state }))).toBeNull();
    // Not before time is up, goodbye or not.
    expect(decideTimeUp(topic({ interviewerClosed: true, now: at(9) }))).toBeNull();
    // Without a goodbye, the time-up message is said as before.
    expect(decideTimeUp(topic())).toMatchObject({ kind: 'say', text: TOPIC_TIME_UP });
  });

  it('answers a word said after the goodbye with the interview being over, not a second goodbye', () => {
    const d = decideAnswer(topic({ interviewerClosed: true, now: at(10.2) }), 'Thanks, bye!');
    expect(d).toMatchObject({
      kind: 'say',
      text: MESSAGES.alreadyCompleted,
      messageKind: 'closing',
      completes: 'time-up',
    });
    expect(d.state).toMatchObject({ completed: true, completionReason: 'time-up' });
  });
});
