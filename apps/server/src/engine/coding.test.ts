import { describe, expect, it } from 'vitest';
import { decideCodingTurn, edgeQuestion, type CodingTurnFacts } from './coding';
import { INITIAL_STATE } from './state';

const asked = new Date('2026-11-24T09:00:00Z');
const at = (minutes: number) => new Date(asked.getTime() + minutes * 60_000);
const state = { ...INITIAL_STATE, questionIndex: 1 };
const facts = (submissions: CodingTurnFacts['submissions'] = []): CodingTurnFacts => ({
  askedAt: asked,
  timeLimitSeconds: 600,
  submissions,
});
const failed = (inputs: string[]) => ({
  passed: false,
  passedCount: 2,
  total: 5,
  failedHiddenInputs: inputs,
});

describe('the interviewer on a coding question', () => {
  it('nudges once, then only acknowledges while the candidate codes', () => {
    const first = decideCodingTurn(state, facts(), at(1));
    expect(first).toMatchObject({ kind: 'stay', messageKind: 'answer-to-candidate' });
    if (first.kind !== 'stay') throw new Error('stays');
    expect(first.text).toContain('press Submit');
    const second = decideCodingTurn(first.state, facts(), at(2));
    const third = second.kind === 'stay' ? decideCodingTurn(second.state, facts(), at(3)) : second;
    expect([second, third].map((m) => (m.kind === 'stay' ? m.text : ''))).toEqual([
      'Mm-hm, go on.',
      'Okay.',
    ]);
  });

  it('asks about the edge a failed hidden test probed, once per submission', () => {
    const probe = decideCodingTurn(state, facts([failed(['[[],3]'])]), at(4));
    expect(probe).toMatchObject({
      kind: 'stay',
      text: 'Your submission passed 2 of 5 tests. What happens when the input is empty?',
      messageKind: 'follow-up',
    });
    if (probe.kind !== 'stay') throw new Error('stays');
    expect(decideCodingTurn(probe.state, facts([failed(['[[],3]'])]), at(5))).toMatchObject({
      kind: 'stay',
      messageKind: 'answer-to-candidate',
    });
  });

  it.each([
    [['[""]'], 'What happens when the input is empty?'],
    [['[[7],7]'], 'What about an input with a single element?'],
    [['[[-1,-2,-3],-5]'], 'How does it handle negative numbers?'],
    [['[[3,1,3],6]'], 'What if the input contains repeated values?'],
    [[`["${'ab'.repeat(600)}"]`], 'How does your solution behave on a very large input?'],
    [['[[1,2],[3,4]]'], 'Which edge cases do you think your code might be missing?'],
    [['not json'], 'Which edge cases do you think your code might be missing?'],
  ])('%s → %s', (inputs, question) => {
    expect(edgeQuestion(inputs)).toBe(question);
  });

  it('asks for the complexity once a submission passes, then moves on', () => {
    const passed = facts([
      failed([]),
      { passed: true, passedCount: 5, total: 5, failedHiddenInputs: [] },
    ]);
    const ask = decideCodingTurn({ ...state, probes: ['nudge', 'failed-1'] }, passed, at(6));
    expect(ask).toMatchObject({ kind: 'stay', messageKind: 'follow-up' });
    if (ask.kind !== 'stay') throw new Error('stays');
    expect(ask.text).toContain('time and space complexity');
    expect(decideCodingTurn(ask.state, passed, at(7))).toEqual({ kind: 'advance', lead: 'Good.' });
  });

  it('moves on past the question’s time limit, solved or not', () => {
    expect(decideCodingTurn(state, facts([failed([])]), at(11))).toMatchObject({ kind: 'advance' });
  });
});
