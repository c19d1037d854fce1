import type { ServerFrame } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { attemptDetail, message, stateFrame } from '@/test/fake-server';
import { step } from './session';
import { initialSession, type SessionInput, type SessionState } from './session-state';

/**
 * `step()` with words that go on from an answer already sent (decision 037): the frame names the
 * answer they go on from, the transcript shows them apart until the server says where they went,
 * and an interruption of a reply never stored is not kept for ever.
 */

const ID = attemptDetail().id;
const NOW = Date.parse('2026-03-01T10:05:00.000Z');

function live(over: Partial<SessionState> = {}): SessionState {
  return { ...initialSession(ID), status: 'connected', ready: true, ...over };
}

const frame = (f: ServerFrame): SessionInput => ({ type: 'frame', frame: f });

/** Runs inputs one after another; the last state. */
function run(state: SessionState, ...inputs: SessionInput[]) {
  return inputs.reduce((s, input) => step(s, input, NOW).state, state);
}

const first: SessionInput = {
  type: 'answer',
  id: 'u1',
  text: 'I would check the pool size.',
  meta: { mode: 'voice' },
};
const more: SessionInput = {
  type: 'answer',
  id: 'u2',
  text: 'And the slow query log.',
  meta: { mode: 'voice' },
  continues: true,
};

describe('words that go on from an answer', () => {
  it('name the answer they go on from; so do more of them', () => {
    const s = run(live(), first);
    const out = step(s, more, NOW);
    expect(out.commands).toEqual([
      {
        type: 'send',
        frame: expect.objectContaining({ id: 'u2', continues: 'u1' }),
        orElse: { type: 'offline' },
      },
    ]);
    const third = step(out.state, { ...more, id: 'u3', text: 'And the metrics.' }, NOW)
      .commands[0] as { frame: { continues?: string } };
    expect(third.frame.continues).toBe('u1');
  });

  it('an answer of its own is not named as going on from anything', () => {
    const out = step(live(), first, NOW);
    expect((out.commands[0] as { frame: object }).frame).not.toHaveProperty('continues');
    expect(out.state.lastAnswer).toBe('u1');
  });

  it('join the answer’s line once the server appended them to it (the same seq)', () => {
    const s = run(
      live(),
      first,
      frame({ type: 'ack', id: 'u1', seq: 2 }),
      more,
      frame({ type: 'ack', id: 'u2', seq: 2 }),
    );
    expect(s.outbox).toEqual([]);
    expect(s.messages.map((m) => [m.id, m.seq, m.message])).toEqual([
      ['u1', 2, 'I would check the pool size. And the slow query log.'],
    ]);
  });

  it('keep their own line when the server stored them as the next answer', () => {
    const s = run(
      live(),
      first,
      frame({ type: 'ack', id: 'u1', seq: 2 }),
      more,
      frame({ type: 'ack', id: 'u2', seq: 4 }),
    );
    expect(s.messages.map((m) => [m.id, m.seq, m.message])).toEqual([
      ['u1', 2, 'I would check the pool size.'],
      ['u2', 4, 'And the slow query log.'],
    ]);
  });

  it('are known as stored after a reconnect by the answer that names them (meta.joined)', () => {
    const s = run(live(), first, frame({ type: 'ack', id: 'u1', seq: 2 }), more);
    expect(s.outbox.map((o) => o.type === 'answer' && o.id)).toEqual(['u2']);
    const joined = message(
      'u1',
      'User',
      'I would check the pool size. And the slow query log.',
      2,
      { mode: 'voice', joined: ['u2'] },
    );
    const intro = message('a1', 'AI', 'What would you check?', 1);
    const out = step(s, frame(stateFrame([intro, joined])), NOW);
    expect(out.state.outbox).toEqual([]);
    expect(out.commands.filter((c) => c.type === 'send')).toEqual([]);
  });
});

describe('an interruption of a reply that was never stored', () => {
  it('is done with once an answer sent after it is acknowledged', () => {
    const s = run(
      live(),
      first,
      frame({ type: 'ack', id: 'u1', seq: 2 }),
      frame({ type: 'reply.start', id: 'a3' }),
      { type: 'interrupted', heard: '' },
      more,
    );
    expect(s.outbox.map((o) => o.type)).toEqual(['interrupt', 'answer']);
    // Cut before a word was written: the server stores nothing and sends no receipt.
    const after = run(s, frame({ type: 'ack', id: 'u2', seq: 2 }));
    expect(after.outbox).toEqual([]);
    expect(after.heard).toEqual({ a3: '' });
  });
});
