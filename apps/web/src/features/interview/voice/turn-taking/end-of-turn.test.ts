import { VOICE } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { endOfTurn, thinkingRunsOut, type TurnEnd } from './end-of-turn';
import { INITIAL_TURN, type Phase, type TurnModel } from './state';

const NOW = 1_000_000;
const SILENCE = VOICE.silenceBeforeSendMs;

/** A candidate who said `pending` at `saidAt`, the answer begun at `began`. */
function turn(
  o: {
    phase?: Phase;
    pending?: string;
    thinking?: boolean;
    hearing?: boolean;
    saidAt?: number;
    typedAt?: number;
    interviewerEndedAt?: number;
    began?: number;
  } = {},
): TurnModel {
  const pending = o.pending ?? 'A closure keeps its scope.';
  const began = o.began ?? NOW - 10_000;
  return {
    ...INITIAL_TURN,
    view: {
      ...INITIAL_TURN.view,
      phase: o.phase ?? 'listening',
      pending,
      thinking: o.thinking ?? false,
    },
    draft: pending
      ? [{ text: pending, startMs: began, endMs: began + 1000, confidence: 0.9, held: false }]
      : [],
    hearing: o.hearing ?? false,
    lastSpeechAt: o.saidAt ?? NOW - SILENCE - 1,
    lastTypingAt: o.typedAt ?? 0,
    lastInterviewerEndAt: o.interviewerEndedAt ?? 0,
  };
}

describe('end-of-turn detection', () => {
  it.each<[string, TurnModel, number | null, TurnEnd]>([
    ['silence long enough after the last words', turn(), null, 'silence'],
    ['silence exactly as long: not yet', turn({ saidAt: NOW - SILENCE }), null, null],
    ['words a moment ago', turn({ saidAt: NOW - 200 }), null, null],
    ['nothing said', turn({ pending: '' }), null, null],
    ['time to think', turn({ thinking: true }), null, null],
    ['server recognition still transcribing', turn({ hearing: true }), null, null],
    ['typing in the code editor', turn({ typedAt: NOW - 1000 }), null, null],
    ['the interviewer’s voice just ended', turn({ interviewerEndedAt: NOW - 1000 }), null, null],
    ['the interviewer speaking', turn({ phase: 'speaking' }), null, null],
    ['waiting for the interviewer', turn({ phase: 'waiting' }), null, null],
    [
      'a demanding interviewer’s limit reached, mid-sentence',
      turn({ saidAt: NOW - 100, began: NOW - 120_000 }),
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
    expect(endOfTurn(state, NOW, maxAnswerMs)).toBe(expected);
  });

  it('"time to think" runs out after its cap, not before', () => {
    const thinking = { ...turn({ thinking: true }), thinkingSince: NOW - VOICE.thinkingCapMs };
    expect(thinkingRunsOut(thinking, NOW)).toBe(false);
    expect(thinkingRunsOut(thinking, NOW + 1)).toBe(true);
    expect(thinkingRunsOut(turn(), NOW + VOICE.thinkingCapMs * 2)).toBe(false);
  });
});
