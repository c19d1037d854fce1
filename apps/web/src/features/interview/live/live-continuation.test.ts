import type { ServerFrame } from '@candor/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptDetail, fakeLiveServer, message, stateFrame } from '@/test/fake-server';
import { WAIT } from '@/test/turn-script';
import { fakeClock, fakeRecognitions, fakeSpeaker } from '@/test/voice-fakes';
import { LiveSession } from './live-session';

/**
 * The live session end to end (real machine, turn controller and channel over a fake socket and
 * fake speech) when the candidate goes on after the end-of-turn rules sent their answer, before a
 * word of the reply was heard (decision 037): what the server is told, in order.
 */

const ATTEMPT = attemptDetail().id;
const INTRO = message('a1', 'AI', 'What would you check first when the database is slow?', 1);

function setup() {
  const clock = fakeClock();
  const recs = fakeRecognitions();
  const voice = fakeSpeaker();
  const live = fakeLiveServer();
  let ids = 0;
  const session = new LiveSession({
    interviewId: ATTEMPT,
    clock,
    turns: { createRecognition: recs.create, speaker: voice.speaker, language: 'en-GB' },
    navigate: () => undefined,
    endViaRest: () => Promise.resolve('ended'),
    checkSession: () => Promise.resolve(true),
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    store: null,
  });
  session.start();
  const socket = () => live.latest();
  const send = (...frames: ServerFrame[]) => frames.forEach((f) => socket().receive(f));
  socket().open();
  // The question was asked and heard before this page loaded: the candidate has the floor.
  send(stateFrame([INTRO]));
  session.enableMic();
  const sent = () =>
    socket().frames.filter((f) => f.type === 'answer' || f.type === 'interrupt') as {
      type: string;
      id?: string;
      replyId?: string;
      heard?: string;
      text?: string;
      continues?: string;
    }[];
  return { clock, recs, voice, session, send, sent };
}

let running: ReturnType<typeof setup> | null = null;
afterEach(() => {
  running?.session.dispose();
  running = null;
});

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';

describe('going on after the answer was sent', () => {
  it('over a reply whose voice has not started: it is cut (nothing heard), the words go on from the answer', () => {
    const s = (running = setup());
    s.recs.say('I would check the pool size.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    s.send({ type: 'ack', id: U1, seq: 2 }, { type: 'reply.start', id: 'a3' });
    s.send({ type: 'reply.delta', id: 'a3', text: 'Good. What would you check next? ' });
    expect(s.session.getSnapshot().turn.phase).toBe('speaking');
    s.recs.say('And the slow query log.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    expect(s.sent()).toEqual([
      expect.objectContaining({ type: 'answer', id: U1, text: 'I would check the pool size.' }),
      { type: 'interrupt', replyId: 'a3', heard: '' },
      expect.objectContaining({
        type: 'answer',
        id: U2,
        text: 'And the slow query log.',
        continues: U1,
      }),
    ]);
    // Its first sentence went to the speaker, and was stopped before it was heard.
    expect(s.voice.spoken).toEqual(['Good.']);
    expect(s.voice.speaking()).toBeUndefined();
  });

  it('before the reply started: the reply that comes is stopped at once', () => {
    const s = (running = setup());
    s.recs.say('I would check the pool size.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    s.recs.say('And then', false);
    expect(s.session.getSnapshot().turn.phase).toBe('listening');
    s.send({ type: 'ack', id: U1, seq: 2 }, { type: 'reply.start', id: 'a3' });
    s.send({ type: 'reply.delta', id: 'a3', text: 'Good. What would you check next?' });
    s.recs.say('And then the slow query log.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    expect(s.sent().slice(1)).toEqual([
      { type: 'interrupt', replyId: 'a3', heard: '' },
      expect.objectContaining({ type: 'answer', id: U2, continues: U1 }),
    ]);
    expect(s.voice.spoken).toEqual([]);
  });

  it('after a word of the reply was heard: the next answer, the reply cut where it was heard', async () => {
    const s = (running = setup());
    s.recs.say('I would check the pool size.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    s.send({ type: 'ack', id: U1, seq: 2 }, { type: 'reply.start', id: 'a3' });
    s.send({ type: 'reply.delta', id: 'a3', text: 'Good. What would you check next? ' });
    await s.voice.play();
    s.recs.say('Sorry, and the slow query log.', true);
    s.clock.advance(WAIT.short + WAIT.tick);
    const [, interrupt, next] = s.sent();
    expect(interrupt).toMatchObject({ type: 'interrupt', replyId: 'a3' });
    expect(next).toMatchObject({ type: 'answer', id: U2 });
    expect(next).not.toHaveProperty('continues');
  });
});
