import { VOICE } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { LONG_ANSWER } from '@/test/answers';
import { WAIT, turnScript as script } from '@/test/turn-script';
import { turnStep } from './step';

/**
 * The turn-taking stages driven by scripted events alone (the script is in @/test/turn-script):
 * answering, the interviewer speaking, the recogniser's reports. What goes on from an answer
 * already sent, and the end-of-turn waits, are in continuation.test.ts.
 */

describe('the candidate answering', () => {
  it('sends a 200-word answer spoken sentence by sentence, with breaths, as one answer', () => {
    const s = script();
    s.micOn();
    expect(s.effects).toEqual([
      { type: 'reset-errors' },
      { type: 'listen', mode: 'answer' },
      { type: 'record' },
    ]);
    expect(s.view).toMatchObject({ phase: 'listening', recording: true });
    const began = s.now;
    LONG_ANSWER.forEach((sentence, i) => {
      // Breaths shorter than the wait after a finished sentence (longer pauses: continuation.test.ts).
      if (i > 0) s.wait([400, 700, 550, 650][i % 4]!);
      const words = sentence.split(' ');
      for (let w = 1; w < words.length; w++) {
        s.say(words.slice(0, w).join(' '), false);
        s.wait(350);
      }
      s.say(sentence);
    });
    expect(s.answers()).toEqual([]);
    expect(s.view.pending).toBe(LONG_ANSWER.join(' '));
    s.wait(WAIT.short + WAIT.tick);
    const [answer, ...more] = s.answers();
    expect(more).toEqual([]);
    expect(answer!.text).toBe(LONG_ANSWER.join(' '));
    expect(answer!.text.split(' ').length).toBeGreaterThanOrEqual(200);
    expect(answer!.meta).toMatchObject({ mode: 'voice', startedAt: began });
    expect(answer!.meta.confidence).toBeCloseTo(0.9);
    expect(answer!.meta.segments).toHaveLength(LONG_ANSWER.length);
    // Sent with its recording; the recogniser listens on (the candidate may go on), recording
    // nothing more, while the interviewer's reply is awaited.
    expect(s.of('answer')[0]!.audio).toBe('take');
    expect(s.effects.at(-1)).toEqual({ type: 'listen', mode: 'answer' });
    expect(s.of('stop-listening')).toEqual([]);
    expect(s.view).toMatchObject({ phase: 'waiting', pending: '', recording: false });
  });

  it('waits through a pause mid-thought, and sends once the silence is long enough', () => {
    const s = script();
    s.micOn();
    s.say('I would start by looking at');
    s.wait(WAIT.long - 100);
    s.say('where the time goes, then cache the hot rows.');
    s.wait(WAIT.short - 100);
    expect(s.answers()).toEqual([]);
    s.wait(2 * WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual([
      'I would start by looking at where the time goes, then cache the hot rows.',
    ]);
  });

  it('takes time to think: no silence sends the answer until the candidate speaks again', () => {
    const s = script();
    s.micOn();
    s.say('Let me think about that.');
    expect(s.view.thinking).toBe(true);
    s.wait(20_000);
    expect(s.answers()).toEqual([]);
    s.say('I would shard the table by customer id.');
    expect(s.view.thinking).toBe(false);
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual([
      'Let me think about that. I would shard the table by customer id.',
    ]);
  });

  it('"time to think" runs out after its cap, and the words pending go', () => {
    const s = script();
    s.micOn();
    s.say('Partition by region.');
    s.send({ type: 'thinking', on: true });
    s.wait(VOICE.thinkingCapMs - 1000);
    expect(s.answers()).toEqual([]);
    s.wait(2000);
    expect(s.view.thinking).toBe(false);
    expect(s.answers().map((a) => a.text)).toEqual(['Partition by region.']);
  });

  it('a typed answer goes at once, after the spoken words still pending, never dropping them', () => {
    const s = script();
    s.micOn();
    s.say('I would shard by customer');
    s.say('and then', false);
    const step = s.send({ type: 'typed', text: '  replicate each shard.  ' });
    expect(step.result).toBe('sent');
    expect(s.of('answer')).toEqual([
      expect.objectContaining({
        text: 'I would shard by customer and then replicate each shard.',
        meta: { mode: 'typed' },
        audio: 'take',
      }),
    ]);
    expect(s.view).toMatchObject({ phase: 'waiting', pending: '', interim: '' });
    // Waiting for the interviewer: another one is refused.
    expect(s.send({ type: 'typed', text: 'again' }).result).toBe('busy');
  });

  it('a typed answer alone drops the recording; noise is refused the way speech is', () => {
    const s = script();
    expect(s.send({ type: 'typed', text: 'um...' }).result).toBe('empty');
    expect(s.send({ type: 'typed', text: 'A queue.' }).result).toBe('sent');
    expect(s.of('answer')).toEqual([
      { type: 'answer', text: 'A queue.', meta: { mode: 'typed' }, audio: 'discard' },
    ]);
  });
});

describe('the interviewer speaking', () => {
  const reply = (s: ReturnType<typeof script>, text: string, n = 1) => s.reply(text, n);

  it('speaks sentence by sentence, listens over the voice once audible, and gives the floor back', () => {
    const s = script();
    s.micOn();
    reply(s, 'Thanks. What is a promise?');
    expect(s.spoken()).toEqual([{ type: 'speak', n: 1, text: 'Thanks.' }]);
    expect(s.view).toMatchObject({ phase: 'speaking', recording: false });
    // The recogniser switched to barge-in at once (it was running), live as before.
    expect(s.state.listen).toBe('barge-in');
    s.send({ type: 'voice', input: { type: 'audible', n: 1 } });
    expect(s.view.bargeIn).toBe(true);
    s.send({ type: 'voice', input: { type: 'done', n: 1, how: 'ended' } });
    expect(s.spoken().map((e) => e.text)).toEqual(['Thanks.', 'What is a promise?']);
    s.send({ type: 'voice', input: { type: 'done', n: 2, how: 'ended' } });
    expect(s.view).toMatchObject({ phase: 'listening', recording: true, bargeIn: false });
    expect(s.effects.at(-2)).toEqual({ type: 'listen', mode: 'answer' });
  });

  it('speech synthesis that never fires `end` (headless Chromium): the speaker’s time-out ends it', () => {
    const s = script();
    s.micOn();
    s.send({ type: 'typed', text: 'A closure keeps its scope.' });
    s.send({ type: 'reply-started', reply: 1 });
    s.send({ type: 'reply-ended', text: 'What is a closure?' });
    // Never audible: nothing to barge in on, so the recogniser is not started over it.
    expect(s.state.listen).toBeNull();
    expect(s.of('listen')).toHaveLength(1);
    // The speaker gives up on the silent sentence after its estimate and reports it ended.
    s.send({ type: 'voice', input: { type: 'done', n: 1, how: 'ended' } });
    expect(s.view.phase).toBe('listening');
    expect(s.effects.at(-1)).toEqual({ type: 'listen', mode: 'answer' });
  });

  it('synthesis failing mid-reply drops the rest, and the candidate has the floor', () => {
    const s = script();
    s.micOn();
    s.send({ type: 'reply-started', reply: 1 });
    s.send({ type: 'reply-delta', text: 'Hello! ' });
    s.send({ type: 'voice', input: { type: 'done', n: 1, how: 'error' } });
    expect(s.view.phase).toBe('listening');
    s.send({ type: 'reply-delta', text: 'What is a closure?' });
    s.send({ type: 'reply-ended', text: 'Hello! What is a closure?' });
    expect(s.view.phase).toBe('listening');
    expect(s.spoken().map((e) => e.text)).toEqual(['Hello!']);
  });

  it('barge-in: the candidate’s words over the audible voice stop it; its echo does not', () => {
    const s = script();
    s.micOn();
    reply(s, 'Good. Now tell me how a closure captures variables.');
    s.send({ type: 'voice', input: { type: 'audible', n: 1 } });
    // The interviewer's own voice through the microphone.
    s.say('how a closure captures', false);
    expect(s.view).toMatchObject({ phase: 'speaking', interim: '' });
    expect(s.of('voice').filter((e) => e.effect.type === 'silence')).toEqual([]);
    s.say('Sorry, could I', false);
    const silence = s.of('voice').find((e) => e.effect.type === 'silence');
    expect(silence).toEqual({
      type: 'voice',
      effect: { type: 'silence', spoken: [], current: { n: 1, text: 'Good.' } },
      report: true,
    });
    expect(s.view).toMatchObject({ phase: 'listening', interim: 'Sorry, could I' });
    expect(s.state.reply.until).toBe(s.now);
    s.say('Sorry, could I ask whether the data fits in memory?');
    s.wait(WAIT.short + WAIT.tick);
    expect(s.answers().map((a) => a.text)).toEqual([
      'Sorry, could I ask whether the data fits in memory?',
    ]);
  });

  it('a cut-off names the reply it cut, so the shell drops what is queued for it', () => {
    const s = script();
    s.micOn();
    s.send({ type: 'reply-started', reply: 7 });
    expect(s.send({ type: 'stop-interviewer' }).cutOff).toBe(7);
    // Nothing speaking: nothing to cut.
    expect(s.send({ type: 'stop-interviewer' }).cutOff).toBeUndefined();
  });

  it('End while the interviewer speaks: the voice stops, the words said go, the mic goes off', () => {
    const s = script();
    s.micOn();
    s.send({ type: 'reply-started', reply: 1 });
    s.send({ type: 'reply-delta', text: 'Good. Now tell me how you would shard it. ' });
    s.send({ type: 'voice', input: { type: 'audible', n: 1 } });
    // One word over the voice does not interrupt: it is kept for the answer.
    s.say('right');
    const step = s.send({ type: 'end' });
    expect(step.result).toBe(true);
    expect(s.answers().map((a) => a.text)).toEqual(['right']);
    expect(s.view).toMatchObject({ micEnabled: false, phase: 'waiting' });
    expect(s.effects.slice(-2)).toEqual([{ type: 'pause-recording' }, { type: 'release-mic' }]);
  });
});

describe('the recogniser’s reports', () => {
  it('an echo of a mode passed through on the way to the one asked for changes nothing', () => {
    const s = script();
    s.micOn();
    s.say('The cache goes first');
    s.send({ type: 'reply-started', reply: 1 });
    s.send({ type: 'reply-ended', text: 'Thank you for your time. We have reached the end.' });
    // Time-up: the flush switches to the answer, then stops to send it.
    expect(s.send({ type: 'flush' }).result).toBe(true);
    expect(s.view.phase).toBe('waiting');
    // What the recogniser says while it switched and stopped arrives after: old news.
    s.hear({ type: 'mode', mode: 'answer', live: true }, true);
    s.hear({ type: 'mode', mode: null, live: false }, true);
    expect(s.view).toMatchObject({ phase: 'waiting', recording: false });
  });

  it('news of its own (it ended, then restarted and said so) is taken as it comes', () => {
    const s = script();
    s.micOn();
    s.hear({ type: 'mode', mode: null, live: false });
    expect(s.view).toMatchObject({ phase: 'idle', recording: false });
    s.hear({ type: 'mode', mode: 'answer', live: false });
    expect(s.view).toMatchObject({ phase: 'listening', recording: false });
    s.hear({ type: 'mode', mode: 'answer', live: true });
    expect(s.view.recording).toBe(true);
  });

  it('a refused microphone turns it off with the reason and its code', () => {
    const s = script();
    s.send({ type: 'mic-on' });
    s.hear({ type: 'failed', reason: 'mic-denied', message: 'Microphone permission denied' }, true);
    expect(s.view).toMatchObject({
      micEnabled: false,
      phase: 'idle',
      failure: 'mic-denied',
      error: 'Microphone permission denied',
    });
    expect(s.state.listen).toBeNull();
  });

  it('never changes the state it was given', () => {
    const s = script();
    s.micOn();
    s.say('Some words');
    const before = s.state;
    const frozen = structuredClone(before);
    turnStep(before, { type: 'typed', text: 'and more.' }, s.now);
    turnStep(before, { type: 'reply-started', reply: 1 }, s.now);
    expect(before).toEqual(frozen);
  });
});
