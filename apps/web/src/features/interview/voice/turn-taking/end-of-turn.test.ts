import { END_OF_TURN_WAIT_MS, VOICE, type Patience } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { endOfTurn, heardSoFar, thinkingRunsOut, type TurnEnd } from './end-of-turn';
import { INITIAL_TURN, type Phase, type TurnModel } from './state';

const NOW = 1_000_000;
const FINISHED = 'A closure keeps its scope.';
const { finished: SHORT, unfinished: LONG } = END_OF_TURN_WAIT_MS.normal;

/** A candidate who said `pending` at `saidAt`, the answer begun at `began`. */
function turn(
  o: {
    phase?: Phase;
    pending?: string;
    interim?: string;
    thinking?: boolean;
    hearing?: boolean;
    saidAt?: number;
    typedAt?: number;
    interviewerEndedAt?: number;
    began?: number;
    /** Goes on from an answer already sent, which said this. */
    goesOnFrom?: string;
  } = {},
): TurnModel {
  const pending = o.pending ?? FINISHED;
  const began = o.began ?? NOW - 10_000;
  return {
    ...INITIAL_TURN,
    view: {
      ...INITIAL_TURN.view,
      phase: o.phase ?? 'listening',
      pending,
      interim: o.interim ?? '',
      thinking: o.thinking ?? false,
    },
    draft: pending
      ? [{ text: pending, startMs: began, endMs: began + 1000, confidence: 0.9, held: false }]
      : [],
    hearing: o.hearing ?? false,
    lastSpeechAt: o.saidAt ?? NOW - SHORT - 1,
    lastTypingAt: o.typedAt ?? 0,
    lastInterviewerEndAt: o.interviewerEndedAt ?? 0,
    ...(o.goesOnFrom !== undefined
      ? { joinable: true, continues: true, sentText: o.goesOnFrom }
      : {}),
  };
}

describe('end-of-turn detection', () => {
  it.each<[string, TurnModel, number | null, TurnEnd]>([
    ['a finished sentence, silence longer than the short wait', turn(), null, 'silence'],
    [
      'a finished sentence, silence exactly as long: not yet',
      turn({ saidAt: NOW - SHORT }),
      null,
      null,
    ],
    ['words a moment ago', turn({ saidAt: NOW - 200 }), null, null],
    [
      'a trailing "um": the short wait is not enough',
      turn({ pending: 'I would look at the connection pool, and then, um' }),
      null,
      null,
    ],
    [
      'a trailing "um", silent longer than the long wait',
      turn({ pending: 'and then, um', saidAt: NOW - LONG - 1 }),
      null,
      'silence',
    ],
    [
      'a question to the interviewer: at once',
      turn({ pending: 'could you repeat the question', saidAt: NOW - 1 }),
      null,
      'silence',
    ],
    [
      'a finished sentence with words still being recognised after it',
      turn({ interim: 'and then', saidAt: NOW - SHORT - 1 }),
      null,
      null,
    ],
    ['nothing said', turn({ pending: '' }), null, null],
    ['time to think', turn({ thinking: true }), null, null],
    ['server recognition still transcribing', turn({ hearing: true }), null, null],
    ['typing in the code editor', turn({ typedAt: NOW - 300 }), null, null],
    ['the interviewer’s voice just ended', turn({ interviewerEndedAt: NOW - 300 }), null, null],
    ['the interviewer speaking', turn({ phase: 'speaking' }), null, null],
    ['waiting for the interviewer', turn({ phase: 'waiting' }), null, null],
    [
      'a demanding interviewer’s limit reached, mid-sentence',
      turn({ pending: 'and then', saidAt: NOW - 100, began: NOW - 120_000 }),
      120_000,
      'limit',
    ],
    [
      'the limit reached while thinking',
      turn({ thinking: true, began: NOW - 120_000 }),
      120_000,
      'limit',
    ],
    [
      'under the limit, still talking',
      turn({ saidAt: NOW - 100, began: NOW - 119_000 }),
      120_000,
      null,
    ],
  ])('%s', (_, state, maxAnswerMs, expected) => {
    expect(endOfTurn(state, NOW, maxAnswerMs, 'normal')).toBe(expected);
  });

  it.each<[Patience, number]>([
    ['quick', 500],
    ['normal', 800],
    ['relaxed', 1500],
  ])('waits %s patience’s %i ms after a finished sentence', (patience, ms) => {
    expect(END_OF_TURN_WAIT_MS[patience].finished).toBe(ms);
    expect(endOfTurn(turn({ saidAt: NOW - ms }), NOW, null, patience)).toBeNull();
    expect(endOfTurn(turn({ saidAt: NOW - ms - 1 }), NOW, null, patience)).toBe('silence');
  });

  it('judges words that go on from a sent answer with that answer: an announced count is owed', () => {
    const owed = turn({ pending: 'The first is the logs.', goesOnFrom: 'There are three things.' });
    expect(heardSoFar(owed)).toBe('There are three things. The first is the logs.');
    expect(endOfTurn(owed, NOW, null, 'normal')).toBeNull();
    const alone = { ...owed, continues: false };
    expect(heardSoFar(alone)).toBe('The first is the logs.');
  });

  it('"time to think" runs out after its cap, not before', () => {
    const thinking = { ...turn({ thinking: true }), thinkingSince: NOW - VOICE.thinkingCapMs };
    expect(thinkingRunsOut(thinking, NOW)).toBe(false);
    expect(thinkingRunsOut(thinking, NOW + 1)).toBe(true);
    expect(thinkingRunsOut(turn(), NOW + VOICE.thinkingCapMs * 2)).toBe(false);
  });
});
