import {
  LIVE_PROTOCOL_VERSION,
  decodeBinaryFrame,
  encodeBinaryFrame,
  type ServerFrame,
} from '@candor/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveServer, stateFrame } from '@/test/fake-server';
import { WAIT } from '@/test/turn-script';
import { fakeClock, fakePlayer, fakeRecognitions, fakeSpeaker } from '@/test/voice-fakes';
import type { DetectorEvents } from '../voice/server-recogniser';
import { LiveSession } from './live-session';

/**
 * The live session with server speech (decision 022), frame by frame: the `state` says the
 * server recognises and speaks; the interviewer's voice arrives as audio frames and plays; the
 * microphone's utterances leave as binary frames; transcripts become the answer after the
 * end-of-turn wait (decision 037). No browser recognition exists (as in Firefox).
 */

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const INTRO = 'Welcome to the interview. What is a closure?';
const ANSWER = "Okay, so I'm Zoë O'Brien-Smith, and a closure keeps the variables of its scope.";

function setup() {
  const clock = fakeClock();
  const recs = fakeRecognitions();
  const browserVoice = fakeSpeaker();
  const audio = fakePlayer();
  const live = fakeLiveServer();
  let detector: DetectorEvents | null = null;
  let ids = 0;
  const session = new LiveSession({
    interviewId: stateFrame([]).interview.id,
    clock,
    // No Web Speech in this browser.
    turns: { createRecognition: () => null, speaker: browserVoice.speaker, language: 'en-GB' },
    navigate: () => undefined,
    endViaRest: () => Promise.resolve('ended'),
    checkSession: () => Promise.resolve(true),
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    speech: {
      createDetector: (events) => {
        detector = events;
        return { start: () => Promise.resolve(), pause: () => undefined };
      },
      player: audio.player,
    },
  });
  session.start();
  const socket = () => live.latest();
  const send = (...frames: ServerFrame[]) => frames.forEach((f) => socket().receive(f));
  return {
    clock,
    recs,
    browserVoice,
    audio,
    session,
    socket,
    send,
    detector: () => detector!,
  };
}

let running: ReturnType<typeof setup> | null = null;
afterEach(() => {
  running?.session.dispose();
  running = null;
  vi.unstubAllGlobals();
});

describe('server speech in the live session', () => {
  it('plays the server voice, sends utterances, and answers with the transcript after the silence', async () => {
    const s = (running = setup());
    s.socket().open();
    expect(s.socket().frames[0]).toEqual({
      type: 'start',
      protocol: LIVE_PROTOCOL_VERSION,
      audio: true,
    });
    s.send({ ...stateFrame([]), speech: { recognition: 'server', voice: 'server' } });
    s.session.enableMic();
    await flush();

    // The introduction streams; its two sentences are voiced by the server and play.
    s.send(
      { type: 'reply.start', id: 'a1' },
      { type: 'reply.delta', id: 'a1', text: 'Welcome to the interview. ' },
      {
        type: 'speech.start',
        replyId: 'a1',
        index: 0,
        text: 'Welcome to the interview.',
        format: 'pcm',
        sampleRate: 24_000,
      },
    );
    s.socket().receiveBinary(
      encodeBinaryFrame({ type: 'audio', replyId: 'a1', index: 0 }, new Uint8Array(24_000)),
    );
    s.send(
      { type: 'speech.end', replyId: 'a1', index: 0 },
      { type: 'reply.delta', id: 'a1', text: 'What is a closure?' },
      {
        type: 'reply.end',
        message: {
          id: 'a1',
          seq: 1,
          speaker: 'AI',
          message: INTRO,
          timestamp: '2026-03-01T10:00:00.000Z',
        },
      },
      {
        type: 'speech.start',
        replyId: 'a1',
        index: 1,
        text: 'What is a closure?',
        format: 'pcm',
        sampleRate: 24_000,
      },
    );
    s.socket().receiveBinary(
      encodeBinaryFrame({ type: 'audio', replyId: 'a1', index: 1 }, new Uint8Array(12_000)),
    );
    s.send({ type: 'speech.end', replyId: 'a1', index: 1 });
    await flush();
    // The first sentence plays; the second waits for it, its audio already here.
    expect(s.audio.streams.at(-1)).toEqual([12_000]);
    s.audio.advance(0.5);
    await flush();
    expect(s.audio.streams.at(-1)).toEqual([6_000]);
    s.audio.advance(0.25);
    await flush();
    // The browser's voice said nothing; the candidate has the floor.
    expect(s.browserVoice.spoken).toEqual([]);
    expect(s.session.getSnapshot().turn.recording).toBe(true);

    // The candidate speaks; the utterance leaves as a binary frame.
    s.detector().onSpeechStart();
    s.clock.advance(300);
    s.detector().onSpeechConfirmed();
    s.clock.advance(2_700);
    s.detector().onSpeechEnd(new Float32Array(48_000).fill(0.05));
    expect(s.socket().sentBinary).toHaveLength(1);
    const decoded = decodeBinaryFrame(s.socket().sentBinary[0]!)!;
    expect(decoded.header).toMatchObject({ type: 'utterance', mimeType: 'audio/wav' });
    const utteranceId = (decoded.header as { id: string }).id;
    expect(decoded.payload.length).toBe(44 + 48_000 * 2);

    s.send({ type: 'transcript', id: utteranceId, text: 'Okay, so', final: false });
    expect(s.session.getSnapshot().turn.interim).toBe('Okay, so');
    s.send({ type: 'transcript', id: utteranceId, text: ANSWER, final: true });
    s.clock.advance(WAIT.long + WAIT.tick);
    const answers = s.socket().frames.filter((f) => f.type === 'answer');
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ text: ANSWER, mode: 'voice' });
  });

  it('a sentence the server could not voice is said by the browser; with browser modes nothing changes', async () => {
    const s = (running = setup());
    s.socket().open();
    s.send({ ...stateFrame([]), speech: { recognition: 'browser', voice: 'server' } });
    await flush();
    s.send(
      { type: 'reply.start', id: 'a1' },
      { type: 'reply.delta', id: 'a1', text: 'Welcome to the interview. ' },
      { type: 'speech.failed', replyId: 'a1', index: 0, text: 'Welcome to the interview.' },
    );
    await flush();
    expect(s.browserVoice.spoken).toEqual(['Welcome to the interview.']);
  });
});
