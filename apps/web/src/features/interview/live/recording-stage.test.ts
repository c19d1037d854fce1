import {
  RECORDING_LIMITS,
  VOICE,
  type ConversationMessage,
  type ServerFrame,
} from '@candor/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeLiveServer, stateFrame } from '@/test/fake-server';
import { WAIT } from '@/test/turn-script';
import { fakeClock, fakeRecognitions, fakeSpeaker } from '@/test/voice-fakes';
import {
  AnswerRecorder,
  type MediaRecorderLike,
  type RecordedAnswer,
} from '../voice/answer-recorder';
import type { ClockLike } from '../voice/types';
import { LiveSession } from './live-session';

/**
 * The recording stage of a spoken answer (issue 14) with the real session, turn controller and
 * recorder over a fake MediaRecorder: recording starts when the answer is listened for, stops when
 * it is sent, and the audio is kept only once the server acknowledged the answer.
 */

/** A MediaRecorder that hands over one chunk per second it was recording. */
function fakeMediaRecorders(clock: ClockLike) {
  const made: (MediaRecorderLike & { events: string[] })[] = [];
  const create = () => {
    let since = 0;
    let recorded = 0;
    const r = {
      state: 'inactive' as MediaRecorderLike['state'],
      mimeType: 'audio/webm;codecs=opus',
      ondataavailable: null as MediaRecorderLike['ondataavailable'],
      onstop: null as MediaRecorderLike['onstop'],
      events: [] as string[],
      start() {
        r.state = 'recording';
        since = clock.now();
        r.events.push('start');
      },
      pause() {
        recorded += clock.now() - since;
        r.state = 'paused';
        r.events.push('pause');
      },
      resume() {
        since = clock.now();
        r.state = 'recording';
        r.events.push('resume');
      },
      stop() {
        if (r.state === 'recording') recorded += clock.now() - since;
        r.state = 'inactive';
        r.events.push('stop');
        r.ondataavailable?.({ data: new Blob([new Uint8Array(Math.max(1, recorded))]) });
        r.onstop?.();
      },
    };
    made.push(r);
    return Promise.resolve(r);
  };
  return { made, create };
}

const INTRO: ConversationMessage = {
  id: 'a1',
  seq: 1,
  speaker: 'AI',
  message: 'Welcome. What is a closure?',
  timestamp: '2026-03-01T10:00:00.000Z',
};
const ANSWER =
  "Okay, so… a closure is a function together with the variables of the scope it was made in, Zoë O'Brien-Smith would say.";

function setup() {
  const clock = fakeClock();
  const recs = fakeRecognitions();
  const voice = fakeSpeaker();
  const live = fakeLiveServer();
  const media = fakeMediaRecorders(clock);
  const kept: { answerId: string; audio: RecordedAnswer }[] = [];
  const session = new LiveSession({
    interviewId: stateFrame([]).interview.id,
    clock,
    turns: {
      createRecognition: recs.create,
      speaker: voice.speaker,
      language: 'en-GB',
      recorder: new AnswerRecorder({ createRecorder: media.create, clock }),
    },
    keepRecording: (answerId, audio) => {
      kept.push({ answerId, audio });
      return Promise.resolve();
    },
    navigate: () => undefined,
    endViaRest: () => Promise.resolve('ended'),
    checkSession: () => Promise.resolve(true),
    newId: () => '00000000-0000-4000-8000-000000000001',
  });
  session.start();
  return { clock, recs, voice, live, media, kept, session };
}

let running: ReturnType<typeof setup> | null = null;
afterEach(() => {
  running?.session.dispose();
  running = null;
});

async function toTheAnswer(s: ReturnType<typeof setup>, keepRecordings: boolean) {
  const socket = s.live.latest();
  socket.open();
  socket.receive(stateFrame([], { keepRecordings }));
  s.session.enableMic();
  const frames: ServerFrame[] = [
    { type: 'reply.start', id: INTRO.id },
    { type: 'reply.end', message: INTRO },
  ];
  frames.forEach((f) => socket.receive(f));
  while (s.voice.speaking()) {
    await s.voice.play();
    s.clock.advance(800);
    await s.voice.finish();
  }
  return socket;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recording each spoken answer', () => {
  it('records from listening to sending, and keeps the audio once the answer is acknowledged', async () => {
    const s = (running = setup());
    const socket = await toTheAnswer(s, true);
    await flush();
    expect(s.media.made).toHaveLength(1);
    expect(s.media.made[0]!.events).toEqual(['start']);

    // Spoken over 4 s, then the silence that sends it.
    s.clock.advance(4_000);
    s.recs.say(ANSWER, true);
    s.clock.advance(WAIT.long + WAIT.tick);
    const answer = socket.frames.find((f) => f.type === 'answer') as { id: string } | undefined;
    expect(answer).toBeDefined();
    await flush();
    expect(s.media.made[0]!.events).toEqual(['start', 'stop']);
    // Not before the server stored the answer.
    expect(s.kept).toEqual([]);

    socket.receive({ type: 'ack', id: answer!.id, seq: 2 });
    await flush();
    expect(s.kept).toHaveLength(1);
    expect(s.kept[0]!.answerId).toBe(answer!.id);
    expect(s.kept[0]!.audio.blob.type).toBe('audio/webm;codecs=opus');
    expect(s.kept[0]!.audio.durationMs).toBeGreaterThanOrEqual(4_000 + WAIT.short);
  });

  it('keeps the audio of an answer whose ack was lost, once the conversation shows it stored', async () => {
    const s = (running = setup());
    const socket = await toTheAnswer(s, true);
    await flush();
    s.clock.advance(2_000);
    s.recs.say(ANSWER, true);
    s.clock.advance(WAIT.long + WAIT.tick);
    const answer = socket.frames.find((f) => f.type === 'answer') as { id: string };
    await flush();
    // The connection drops before the ack; after the reconnect the conversation has the answer.
    socket.drop(1006);
    s.clock.advance(VOICE.reconnectDelaysMs[0]);
    const again = s.live.latest();
    again.open();
    again.receive(
      stateFrame([INTRO, { ...INTRO, id: answer.id, seq: 2, speaker: 'User', message: ANSWER }], {
        keepRecordings: true,
      }),
    );
    await flush();
    expect(s.kept.map((k) => k.answerId)).toEqual([answer.id]);
  });

  it('records nothing when the candidate turned recordings off for the attempt', async () => {
    const s = (running = setup());
    const socket = await toTheAnswer(s, false);
    s.recs.say(ANSWER, true);
    s.clock.advance(WAIT.long + WAIT.tick);
    const answer = socket.frames.find((f) => f.type === 'answer') as { id: string };
    socket.receive({ type: 'ack', id: answer.id, seq: 2 });
    await flush();
    expect(s.media.made).toEqual([]);
    expect(s.kept).toEqual([]);
  });
});

describe('the answer recorder', () => {
  it('does not count the time the microphone was off', async () => {
    const clock = fakeClock();
    const media = fakeMediaRecorders(clock);
    const recorder = new AnswerRecorder({ createRecorder: media.create, clock });
    recorder.start();
    await flush();
    clock.advance(2_000);
    recorder.pause();
    clock.advance(10_000);
    recorder.start();
    clock.advance(1_000);
    const audio = await recorder.take();
    expect(audio?.durationMs).toBe(3_000);
    expect(media.made[0]!.events).toEqual(['start', 'pause', 'resume', 'stop']);
  });

  it('keeps the first five minutes of a longer answer', async () => {
    const clock = fakeClock();
    const media = fakeMediaRecorders(clock);
    const recorder = new AnswerRecorder({ createRecorder: media.create, clock });
    recorder.start();
    await flush();
    clock.advance(RECORDING_LIMITS.answerMaxMs);
    await flush();
    // The answer goes on for another minute.
    clock.advance(60_000);
    expect(media.made[0]!.state).toBe('inactive');
    // The microphone going off and on after the cut changes nothing.
    recorder.pause();
    recorder.start();
    const audio = await recorder.take();
    expect(audio?.durationMs).toBe(RECORDING_LIMITS.answerMaxMs);
    expect(audio?.blob.size).toBe(RECORDING_LIMITS.answerMaxMs);
    expect(media.made[0]!.events).toEqual(['start', 'stop']);
  });

  it('drops a recording discarded (a typed answer), and has nothing to hand over after', async () => {
    const clock = fakeClock();
    const media = fakeMediaRecorders(clock);
    const recorder = new AnswerRecorder({ createRecorder: media.create, clock });
    recorder.start();
    await flush();
    recorder.discard();
    await flush();
    expect(media.made[0]!.state).toBe('inactive');
    expect(await recorder.take()).toBeNull();
  });
});
