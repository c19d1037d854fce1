import { END_OF_TURN_WAIT_MS } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { WAIT, turnScript as script } from '@/test/turn-script';

/**
 * The end of the candidate's turn as decision 037 has it: the words decide the wait, the
 * candidate's patience sets it, and what they say after an answer was sent, before a word of the
 * interviewer's reply was heard, goes on from that answer. Scripted events, no clock.
 */

describe('the wait, by what was said', () => {
  it('sends a finished answer after the short wait, and listens on while the reply is awaited', () => {
    const s = script();
    s.micOn();
    s.say('A closure keeps the variables of the scope it was made in.');
    s.wait(WAIT.short);
    expect(s.answers()).toEqual([]);
    s.wait(WAIT.tick);
    expect(s.answers()).toEqual([
      expect.objectContaining({
        text: 'A closure keeps the variables of the scope it was made in.',
      }),
    ]);
    expect(s.of('answer')[0]).toMatchObject({ audio: 'take' });
    expect(s.of('answer')[0]!.continues).toBeUndefined();
    expect(s.view).toMatchObject({ phase: 'waiting', recording: false });
    expect(s.state).toMatchObject({ listen: 'answer', joinable: true });
  });

  it('waits through a 3.5 s pause after "and then, um": the rest is the same answer', () => {
    const s = script();
    s.micOn();
    s.say('I would check the connection pool first, and then, um');
    s.wait(3500);
    expect(s.answers()).toEqual([]);
    s.say('I would look at the slow query log.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual([
      'I would check the connection pool first, and then, um I would look at the slow query log.',
    ]);
  });

  it('takes a question to the interviewer at the next tick', () => {
    const s = script();
    s.micOn();
    s.say('Could you repeat the question?');
    s.wait(WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual(['Could you repeat the question?']);
  });

  it('waits as long as the candidate’s patience says', () => {
    for (const patience of ['quick', 'normal', 'relaxed'] as const) {
      const s = script({ patience });
      s.micOn();
      s.say('I would use a queue.');
      const ms = END_OF_TURN_WAIT_MS[patience].finished;
      s.wait(ms);
      expect(s.answers()).toEqual([]);
      s.wait(WAIT.tick);
      expect(s.answers()).toHaveLength(1);
    }
  });

  it('server recognition: the silence before the transcript came counts toward the wait', () => {
    const s = script();
    s.micOn();
    s.hear({ type: 'hearing', on: true });
    s.wait(2000);
    // The detector's end and the transcription took 700 ms after the last word.
    s.hear({
      type: 'words',
      finals: [{ text: 'I would shard by customer.', confidence: null }],
      interim: '',
      saidUntil: s.now - 700,
    });
    s.hear({ type: 'hearing', on: false });
    s.wait(WAIT.short - 700 + WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual(['I would shard by customer.']);
  });
});

describe('words that go on from an answer already sent', () => {
  /** A finished-sounding answer, sent after the short wait. */
  function sent() {
    const s = script();
    s.micOn();
    s.say('I would check the pool size.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers()).toHaveLength(1);
    return s;
  }

  it('before the reply starts: they are the candidate’s turn again, and go on from the answer', () => {
    const s = sent();
    s.say('And then', false);
    expect(s.view).toMatchObject({ phase: 'listening', interim: 'And then' });
    s.say('And then the slow query log.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers()).toEqual([
      expect.objectContaining({ text: 'I would check the pool size.' }),
      expect.objectContaining({ text: 'And then the slow query log.', continues: true }),
    ]);
    // No recording of its own; and words after it may go on too, judged with all of it.
    expect(s.of('answer')[1]!.audio).toBe('discard');
    expect(s.of('record')).toHaveLength(1);
    expect(s.state.joinable).toBe(true);
    expect(s.state.sentText).toBe('I would check the pool size. And then the slow query log.');
  });

  it('a reply starting while the candidate goes on is stopped before a word is heard', () => {
    const s = sent();
    s.say('And the slow query log.');
    const step = s.send({ type: 'reply-started', reply: 1 });
    expect(step.cutOff).toBe(1);
    expect(s.cuts()).toEqual([
      { type: 'voice', effect: { type: 'silence', spoken: [], current: null }, report: true },
    ]);
    s.send({ type: 'reply-delta', text: 'Thanks. What would you check second?' });
    s.send({ type: 'reply-ended', text: 'Thanks. What would you check second?' });
    expect(s.spoken()).toEqual([]);
    expect(s.view.phase).toBe('listening');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().at(-1)).toMatchObject({ text: 'And the slow query log.', continues: true });
  });

  it('words over a reply not heard yet cut it off, and go on from the answer', () => {
    const s = sent();
    s.send({ type: 'reply-started', reply: 1 });
    s.send({ type: 'reply-delta', text: 'Thanks. What would you check first? ' });
    expect(s.view.phase).toBe('speaking');
    // Listening for barge-in already (it was listening on); the voice has not started.
    expect(s.state.listen).toBe('barge-in');
    s.say('The first is', false);
    expect(s.cuts()).toHaveLength(1);
    expect(s.cuts()[0]!.effect).toMatchObject({ spoken: [] });
    s.say('The first is the pool size, the second the slow query log.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().at(-1)).toMatchObject({
      text: 'The first is the pool size, the second the slow query log.',
      continues: true,
    });
  });

  it('once a word of the reply is heard, what the candidate says is the next answer', () => {
    const s = sent();
    s.reply('Thanks. What would you check first?');
    s.send({ type: 'voice', input: { type: 'audible', n: 1 } });
    expect(s.state.joinable).toBe(false);
    s.say('Sorry, the first is', false);
    expect(s.cuts()).toHaveLength(1);
    s.say('Sorry, the first is the pool size.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().at(-1)!.continues).toBeUndefined();
  });

  it('a reply said to its end, heard or not, ends it too', () => {
    const s = sent();
    s.reply('Thanks. And the second?');
    expect(s.state.listen).toBe('barge-in');
    // A voice nobody hears said its first sentence: nothing to barge in on, the recogniser stops.
    s.send({ type: 'voice', input: { type: 'done', n: 1, how: 'ended' } });
    expect(s.state).toMatchObject({ listen: null, joinable: false });
    s.send({ type: 'voice', input: { type: 'done', n: 2, how: 'ended' } });
    expect(s.view.phase).toBe('listening');
    s.say('And the pool size.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().at(-1)!.continues).toBeUndefined();
  });

  it('a candidate mid-answer when a reply nobody hears plays (time ran out) keeps the recogniser', () => {
    const s = script();
    s.micOn();
    s.say('I would add an index on the customer id', true);
    s.reply("We've reached our time limit for this interview. Thank you.");
    s.send({ type: 'voice', input: { type: 'done', n: 1, how: 'ended' } });
    expect(s.state.listen).toBe('barge-in');
    expect(s.view.pending).toBe('I would add an index on the customer id');
  });

  it('an answer cut off at the interviewer’s limit, or typed, is not gone on from', () => {
    const s = script();
    s.micOn();
    s.say('I would start with the logs and');
    s.wait(1000, 500);
    expect(s.answers()).toHaveLength(1);
    expect(s.state).toMatchObject({ listen: null, joinable: false });
    s.send({ type: 'resume' });
    s.say('then the metrics.');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().at(-1)!.continues).toBeUndefined();

    const t = sent();
    t.send({ type: 'resume' });
    expect(t.send({ type: 'typed', text: 'And the metrics.' }).result).toBe('sent');
    expect(t.state.joinable).toBe(false);
    expect(t.of('answer').at(-1)!.continues).toBeUndefined();
  });

  it('waiting on a reply after a reconnect listens to nothing', () => {
    const s = sent();
    s.send({ type: 'expect-reply' });
    expect(s.state).toMatchObject({ listen: null, joinable: false });
  });
});
