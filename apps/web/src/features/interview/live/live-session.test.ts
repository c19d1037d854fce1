import {
  LIVE_CLOSE,
  LIVE_PROTOCOL_VERSION,
  LIMITS,
  VOICE,
  type ConversationMessage,
  type ServerFrame,
} from '@candor/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attemptDetail,
  fakeLiveServer,
  message,
  stateFrame,
  type FakeSocket,
} from '@/test/fake-server';
import { WAIT } from '@/test/turn-script';
import { fakeClock, fakeRecognitions, fakeSpeaker } from '@/test/voice-fakes';
import { LiveSession, type OutboxStore } from './live-session';
import { END_FAILED, REPLACED_NOTICE, type EndResult } from './session-state';

/**
 * The client's live session with scripted frames, no React: the real state machine, turn
 * controller and channel, over a fake socket, fake speech and recognition and a clock the test
 * moves. What the server would send is written out frame by frame.
 */

const ATTEMPT = attemptDetail().id;

const INTRO = message(
  'a1',
  'AI',
  "Welcome to the interview. Let's begin with the first question: what is a closure?",
  1,
);
const INTRO_SENTENCES = [
  'Welcome to the interview.',
  "Let's begin with the first question: what is a closure?",
];
const ANSWER = 'A closure is a function that keeps the variables of the scope it was made in.';
const NEXT =
  'Thank you. Next, how would you cache product pages? Think about what happens when a price changes.';
const NEXT_SENTENCES = [
  'Thank you.',
  'Next, how would you cache product pages?',
  'Think about what happens when a price changes.',
];

/** A store that keeps what the page wrote, as sessionStorage does across a reload. */
function memoryStore(): OutboxStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function setup(options: { store?: OutboxStore; endViaRest?: EndResult } = {}) {
  const clock = fakeClock();
  const recs = fakeRecognitions();
  const voice = fakeSpeaker();
  const live = fakeLiveServer();
  const navigations: string[] = [];
  const restEnds: boolean[] = [];
  let ids = 0;
  const session = new LiveSession({
    interviewId: ATTEMPT,
    clock,
    turns: { createRecognition: recs.create, speaker: voice.speaker, language: 'en-GB' },
    navigate: (to) => navigations.push(to),
    endViaRest: (early) => {
      restEnds.push(early);
      return Promise.resolve(options.endViaRest ?? 'ended');
    },
    checkSession: () => Promise.resolve(true),
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    store: options.store ?? null,
  });
  session.start();
  return { clock, recs, voice, live, session, navigations, restEnds };
}
type Setup = ReturnType<typeof setup>;
let running: Setup | null = null;
afterEach(() => {
  running?.session.dispose();
  running = null;
  vi.unstubAllGlobals();
});
function started(options: Parameters<typeof setup>[0] = {}) {
  running = setup(options);
  return running;
}

const socketOf = (s: Setup) => s.live.latest();
const framesOf = (socket: FakeSocket, type?: string) =>
  socket.frames.filter((f) => type === undefined || f.type === type);
const send = (s: Setup, ...frames: ServerFrame[]) => frames.forEach((f) => socketOf(s).receive(f));

/** The socket opens; the server answers `start` with the conversation so far. */
function connect(s: Setup, messages: ConversationMessage[] = [], over = {}) {
  socketOf(s).open();
  send(s, stateFrame(messages, over));
}

/** The network drops the socket; the channel reconnects after its back-off. */
function dropAndReconnect(s: Setup) {
  const before = s.live.sockets.length;
  socketOf(s).drop(1006);
  expect(s.session.getSnapshot().status).toBe('disconnected');
  s.clock.advance(VOICE.reconnectDelaysMs[0]);
  expect(s.live.sockets.length).toBe(before + 1);
}

/** The server streams a reply: start, the text in pieces, the stored message. */
function streamReply(s: Setup, message: ConversationMessage, pieces = 3) {
  send(s, { type: 'reply.start', id: message.id });
  const words = message.message.split(' ');
  const size = Math.ceil(words.length / pieces);
  for (let i = 0; i < words.length; i += size) {
    const piece = words.slice(i, i + size).join(' ') + (i + size < words.length ? ' ' : '');
    send(s, { type: 'reply.delta', id: message.id, text: piece });
  }
  send(s, { type: 'reply.end', message });
}

/** The voice says every sentence queued, audibly, to the end. */
async function speakAll(s: Setup) {
  while (s.voice.speaking()) {
    await s.voice.play();
    s.clock.advance(800);
    await s.voice.finish();
  }
}

/** The candidate answers aloud; the silence after it sends it. */
function answerAloud(s: Setup, text: string) {
  s.recs.say(text, true);
  s.clock.advance(WAIT.long + WAIT.tick);
}

describe('the start of the channel', () => {
  it('says which protocol it speaks, and listens once the introduction was spoken', async () => {
    const s = started();
    connect(s);
    expect(framesOf(socketOf(s))).toEqual([{ type: 'start', protocol: LIVE_PROTOCOL_VERSION }]);
    s.session.enableMic();
    expect(s.session.getSnapshot()).toMatchObject({ ready: true, turn: { phase: 'waiting' } });
    streamReply(s, INTRO);
    expect(s.session.getSnapshot().messages.map((m) => m.id)).toEqual(['a1']);
    await speakAll(s);
    expect(s.voice.spoken).toEqual(INTRO_SENTENCES);
    expect(s.session.getSnapshot().turn).toMatchObject({ phase: 'listening', recording: true });
  });

  it('does not speak the conversation so far when the page opens again', () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2), message('a2', 'AI', NEXT, 3)]);
    expect(s.voice.spoken).toEqual([]);
    expect(s.session.getSnapshot().turn.phase).toBe('idle');
  });
});

describe('reconnecting in the middle of a reply', () => {
  it('re-sends the unacknowledged answer with the same id and speaks nothing twice', async () => {
    const s = started();
    connect(s);
    s.session.enableMic();
    streamReply(s, INTRO);
    await speakAll(s);

    answerAloud(s, ANSWER);
    const [answer] = framesOf(socketOf(s), 'answer');
    expect(answer).toMatchObject({ type: 'answer', text: ANSWER, mode: 'voice' });
    expect(s.session.getSnapshot().messages.at(-1)).toMatchObject({
      id: answer!.id,
      sending: true,
    });

    // The connection drops before the ack: the server never got the answer.
    dropAndReconnect(s);
    connect(s, [INTRO]);
    expect(framesOf(socketOf(s))).toEqual([
      { type: 'start', protocol: LIVE_PROTOCOL_VERSION },
      answer,
    ]);
    send(s, { type: 'ack', id: answer!.id as string, seq: 2 });
    expect(s.session.getSnapshot().messages.at(-1)).toMatchObject({ seq: 2, sending: false });

    // The next reply is half spoken when the connection drops again.
    const next = message('a2', 'AI', NEXT, 3);
    send(s, { type: 'reply.start', id: 'a2' }, { type: 'reply.delta', id: 'a2', text: `${NEXT} ` });
    await s.voice.play();
    await s.voice.finish(); // 'Thank you.'
    await s.voice.play(10); // 'Next, how ' of the second sentence
    dropAndReconnect(s);
    // The server stored the reply meanwhile; the answer is not sent again (it is stored).
    connect(s, [INTRO, message(answer!.id as string, 'User', ANSWER, 2), next]);
    expect(framesOf(socketOf(s), 'answer')).toEqual([]);
    // …and repeats it as the reply owed (a turn settled after a reconnect).
    streamReply(s, next);
    await speakAll(s);
    expect(s.voice.spoken).toEqual([...INTRO_SENTENCES, ...NEXT_SENTENCES]);
    expect(s.session.getSnapshot().messages.map((m) => m.id)).toEqual(['a1', answer!.id, 'a2']);
    expect(s.session.getSnapshot().turn.phase).toBe('listening');
  });

  it('a reply streamed again from its start goes on from where the voice was, once', async () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    s.session.enableMic();
    send(
      s,
      { type: 'reply.start', id: 'a2' },
      { type: 'reply.delta', id: 'a2', text: 'Thank you. Next, how would you ' },
    );
    await s.voice.play();
    await s.voice.finish(); // 'Thank you.' was heard
    dropAndReconnect(s);
    // Not stored yet: the server produces it again and streams it from the start.
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    expect(s.session.getSnapshot().streaming).toBe('Thank you. Next, how would you ');
    streamReply(s, message('a2', 'AI', NEXT, 3));
    await speakAll(s);
    expect(s.voice.spoken).toEqual(NEXT_SENTENCES);
  });

  it('an answer given while the connection is down is sent once it is back', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.enableMic();
    socketOf(s).drop(1006);
    answerAloud(s, ANSWER);
    expect(s.session.getSnapshot().notice).toMatch(/Connection lost/);
    expect(s.session.getSnapshot().messages.at(-1)).toMatchObject({
      message: ANSWER,
      sending: true,
    });
    s.clock.advance(VOICE.reconnectDelaysMs[0]);
    // Nothing goes on a socket that is not open yet.
    expect(framesOf(socketOf(s), 'answer')).toEqual([]);
    connect(s, [INTRO]);
    expect(framesOf(socketOf(s), 'answer').map((f) => f.text)).toEqual([ANSWER]);
    expect(s.session.getSnapshot().notice).toBeNull();
  });

  it('gives up on a reply that never comes: the candidate has the floor again', async () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    s.session.enableMic();
    expect(s.session.getSnapshot().turn.phase).toBe('waiting');
    s.clock.advance(VOICE.owedReplyTimeoutMs);
    expect(s.session.getSnapshot().turn).toMatchObject({ phase: 'listening', recording: true });
  });

  it('a reply whose stream stopped is finished with what came, then the floor is the candidate’s', async () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    s.session.enableMic();
    send(
      s,
      { type: 'reply.start', id: 'a2' },
      { type: 'reply.delta', id: 'a2', text: 'Thank you. Next, how would you' },
    );
    dropAndReconnect(s);
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    s.clock.advance(VOICE.owedReplyTimeoutMs);
    await speakAll(s);
    expect(s.voice.spoken).toEqual(['Thank you.', 'Next, how would you']);
    expect(s.session.getSnapshot().turn.phase).toBe('listening');
  });
});

describe('interrupting the interviewer', () => {
  async function midReply() {
    const s = started();
    connect(s);
    s.session.enableMic();
    send(
      s,
      { type: 'reply.start', id: 'a1' },
      { type: 'reply.delta', id: 'a1', text: `${INTRO.message} ` },
    );
    await s.voice.play();
    await s.voice.finish(); // 'Welcome to the interview.'
    await s.voice.play(20); // "Let's begin with the" of the second sentence
    return s;
  }
  const HEARD = "Welcome to the interview. Let's begin with the";

  it('barge-in: the voice stops at once and the server is told what was heard', async () => {
    const s = await midReply();
    s.recs.say('Sorry, could I', false);
    // At once, in the same turn of the event loop.
    expect(s.voice.speaking()).toBeUndefined();
    expect(s.voice.cancels()).toBeGreaterThan(0);
    expect(framesOf(socketOf(s)).at(-1)).toEqual({
      type: 'interrupt',
      replyId: 'a1',
      heard: HEARD,
    });
    expect(s.session.getSnapshot().turn).toMatchObject({ phase: 'listening', recording: true });

    // The rest of the reply still arrives: shown, never spoken; the server says what was heard.
    send(s, { type: 'reply.end', message: { ...INTRO, meta: { kind: 'question', heard: HEARD } } });
    expect(s.voice.spoken).toEqual(INTRO_SENTENCES);
    expect(s.session.getSnapshot().messages[0]).toMatchObject({ id: 'a1', heard: HEARD });
    s.recs.say('Sorry, could I ask what you mean by scope?', true);
    s.clock.advance(3500);
    expect(framesOf(socketOf(s)).map((f) => f.type)).toEqual(['start', 'interrupt', 'answer']);
  });

  it('Skip: the same, with what was heard so far', async () => {
    const s = await midReply();
    s.session.stopInterviewer();
    expect(s.voice.speaking()).toBeUndefined();
    expect(framesOf(socketOf(s), 'interrupt')).toEqual([
      { type: 'interrupt', replyId: 'a1', heard: HEARD },
    ]);
    expect(s.session.getSnapshot().messages).toEqual([]); // the reply is not stored yet
    send(s, { type: 'reply.end', message: INTRO });
    // Marked here until the server says it (an older server never does).
    expect(s.session.getSnapshot().messages[0]).toMatchObject({ heard: HEARD });
  });

  it('an interruption the server did not confirm is sent again after a reconnect, before the answer', async () => {
    const s = await midReply();
    socketOf(s).drop(1006);
    s.session.stopInterviewer(); // offline: kept
    answerAloud(s, ANSWER);
    s.clock.advance(VOICE.reconnectDelaysMs[0]);
    connect(s, [INTRO]);
    expect(framesOf(socketOf(s)).map((f) => f.type)).toEqual(['start', 'interrupt', 'answer']);
    expect(framesOf(socketOf(s), 'interrupt')[0]).toMatchObject({ replyId: 'a1', heard: HEARD });

    // Confirmed (the stored message says what was heard): not sent again after the next drop.
    dropAndReconnect(s);
    connect(s, [{ ...INTRO, meta: { heard: HEARD } }]);
    expect(framesOf(socketOf(s), 'interrupt')).toEqual([]);
    expect(s.session.getSnapshot().messages[0]).toMatchObject({ heard: HEARD });
  });

  it('after a reload, the transcript shows what was heard from the stored message', () => {
    const s = started();
    connect(s, [{ ...INTRO, meta: { kind: 'question', heard: 'Welcome to the interview.' } }]);
    expect(s.session.getSnapshot().messages[0]).toMatchObject({
      message: INTRO.message,
      heard: 'Welcome to the interview.',
    });
  });

  it('the apology after a failure has no stored reply: cutting it off sends nothing', async () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.enableMic();
    answerAloud(s, ANSWER);
    const id = framesOf(socketOf(s), 'answer')[0]!.id as string;
    send(s, {
      type: 'error',
      code: 'internal',
      id,
      message: 'I apologize, but I encountered an issue. Could you please repeat your answer?',
    });
    expect(s.session.getSnapshot().messages.at(-1)).toMatchObject({ id, failed: true });
    await s.voice.play();
    s.session.stopInterviewer();
    expect(framesOf(socketOf(s), 'interrupt')).toEqual([]);
  });

  it('a first answer refused for credits is not sent again, shows the message, and the attempt goes on', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.enableMic();
    answerAloud(s, ANSWER);
    const id = framesOf(socketOf(s), 'answer')[0]!.id as string;
    const message =
      'You have no interviews left this month (your limit is 1). More become available on 1 December; your administrator can also raise your limit.';
    send(s, { type: 'error', code: 'credits_exhausted', id, message });
    const snapshot = s.session.getSnapshot();
    expect(snapshot.messages.at(-1)).toMatchObject({ id, failed: true });
    expect(snapshot.notice).toBe(message);
    expect(snapshot.completed).toBe(false);
    // Reconnecting does not send the refused answer again (it left the outbox).
    dropAndReconnect(s);
    connect(s, [INTRO]);
    expect(framesOf(socketOf(s), 'answer')).toEqual([]);
  });
});

describe('End Interview and the report', () => {
  it('End stops the voice, sends the words said so far, then `end`; the report frame opens the report', async () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.enableMic();
    s.recs.say('I would also mention', true);
    s.session.end(false);
    expect(framesOf(socketOf(s)).map((f) => f.type)).toEqual(['start', 'answer', 'end']);
    expect(s.session.getSnapshot()).toMatchObject({
      endStage: 'ending',
      turn: { micEnabled: false },
    });
    send(s, { type: 'ended', interviewId: ATTEMPT, reportStatus: 'pending' });
    expect(s.session.getSnapshot().endStage).toBe('generating');
    expect(s.navigations).toEqual([]);
    send(s, { type: 'report', reportStatus: 'completed' });
    expect(s.navigations).toEqual([`/reports/${ATTEMPT}`]);
    expect(s.restEnds).toEqual([]);
  });

  it('End while the interviewer speaks cuts it off first, and tells the server what was heard', async () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    send(s, { type: 'reply.start', id: 'a2' }, { type: 'reply.delta', id: 'a2', text: `${NEXT} ` });
    await s.voice.play(6);
    s.session.end(false);
    expect(s.voice.speaking()).toBeUndefined();
    expect(framesOf(socketOf(s)).slice(1)).toEqual([
      { type: 'interrupt', replyId: 'a2', heard: 'Thank' },
      { type: 'end' },
    ]);
    // The rest of the reply arrives while ending: shown, not spoken.
    send(s, { type: 'reply.end', message: message('a2', 'AI', NEXT, 3) });
    expect(s.voice.spoken).toEqual(['Thank you.']);
  });

  it('not complete: asks first; back to the interview, or end early', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.end(false);
    send(s, {
      type: 'error',
      code: 'not_complete',
      message: 'Interview is not yet complete',
    });
    expect(s.session.getSnapshot().endStage).toBe('confirm');
    s.session.back();
    expect(s.session.getSnapshot().endStage).toBe('live');
    s.session.end(true);
    expect(framesOf(socketOf(s)).at(-1)).toEqual({ type: 'end', early: true });
    // A report already final: straight to it.
    send(s, { type: 'ended', interviewId: ATTEMPT, reportStatus: 'failed' });
    expect(s.navigations).toEqual([`/reports/${ATTEMPT}`]);
  });

  it('without an answer on the channel, ends through the REST API and opens the report page', async () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.end(true);
    s.clock.advance(VOICE.endAnswerTimeoutMs);
    expect(s.restEnds).toEqual([true]);
    await Promise.resolve();
    expect(s.navigations).toEqual([`/reports/${ATTEMPT}`]);
  });

  it('says so when the attempt could not be ended at all, and can go back', async () => {
    const s = started({ endViaRest: 'failed' });
    connect(s, [INTRO]);
    socketOf(s).drop(1006);
    s.session.end(false);
    expect(s.restEnds).toEqual([false]);
    await Promise.resolve();
    expect(s.session.getSnapshot()).toMatchObject({ endStage: 'failed', failure: END_FAILED });
    s.session.back();
    expect(s.session.getSnapshot().endStage).toBe('live');
  });

  it('reconnecting after the channel closed while the report was generated: the report page waits', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.end(true);
    send(s, { type: 'ended', interviewId: ATTEMPT, reportStatus: 'pending' });
    dropAndReconnect(s);
    connect(s, [INTRO], { status: 'completed', report: { status: 'pending', overallScore: null } });
    expect(s.navigations).toEqual([`/reports/${ATTEMPT}`]);
  });

  it('spoken answers: `ended` with a check window opens "Check your answers" at once (decision 024)', () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)]);
    s.session.end(true);
    send(s, {
      type: 'ended',
      interviewId: ATTEMPT,
      reportStatus: 'pending',
      checkUntil: '2026-03-01T10:30:00.000Z',
    });
    expect(s.navigations).toEqual([`/interview/${ATTEMPT}/check`]);
    // No wait for a report that starts only after the check.
    s.clock.advance(VOICE.reportWaitMs);
    expect(s.navigations).toEqual([`/interview/${ATTEMPT}/check`]);
  });

  it('reconnecting while the answers wait to be checked: the check step, not the report', () => {
    const s = started();
    connect(s, [INTRO, message('u1', 'User', ANSWER, 2)], {
      status: 'completed',
      report: { status: 'pending', overallScore: null },
      checkUntil: '2026-03-01T10:30:00.000Z',
    });
    expect(s.navigations).toEqual([`/interview/${ATTEMPT}/check`]);
  });

  it('a report frame that never comes: the report page takes over after a while', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.end(true);
    send(s, { type: 'ended', interviewId: ATTEMPT, reportStatus: 'pending' });
    s.clock.advance(VOICE.reportWaitMs - 1);
    expect(s.navigations).toEqual([]);
    s.clock.advance(1);
    expect(s.navigations).toEqual([`/reports/${ATTEMPT}`]);
  });
});

describe('a server that speaks another protocol version', () => {
  it('shows the reload message, stops the channel and keeps the words said for the reload', () => {
    const store = memoryStore();
    const s = started({ store });
    socketOf(s).open();
    send(s, stateFrame([INTRO]));
    s.session.enableMic();
    s.recs.say('Okay, so a closure keeps its scope', true);
    send(s, {
      type: 'error',
      code: 'protocol_mismatch',
      message: 'This page is out of date. Reload it to continue your interview.',
    });
    expect(s.session.getSnapshot()).toMatchObject({
      outdated: true,
      turn: { micEnabled: false },
    });
    expect(socketOf(s).closed).toBe(true);
    s.clock.advance(60_000);
    expect(s.live.sockets).toHaveLength(1);
    const kept = JSON.parse(store.data.get(`candor.outbox.${ATTEMPT}`)!) as { text: string }[];
    expect(kept.map((f) => f.text)).toEqual(['Okay, so a closure keeps its scope']);

    // The reloaded page (a new session, same tab storage) sends it with the same id.
    s.session.dispose();
    const again = started({ store });
    connect(again, [INTRO]);
    expect(framesOf(socketOf(again), 'answer')).toEqual(kept);
    expect(again.session.getSnapshot().messages.at(-1)).toMatchObject({
      message: 'Okay, so a closure keeps its scope',
      sending: true,
    });
    send(again, { type: 'ack', id: (kept[0] as unknown as { id: string }).id, seq: 2 });
    expect(store.data.size).toBe(0);
  });
});

describe('the channel closed by the server', () => {
  it('REPLACED: says the interview is open elsewhere and turns the microphone off', () => {
    const s = started();
    connect(s, [INTRO]);
    s.session.enableMic();
    socketOf(s).closedByServer(LIVE_CLOSE.replaced.code, LIVE_CLOSE.replaced.reason);
    expect(s.session.getSnapshot()).toMatchObject({
      notice: REPLACED_NOTICE,
      status: 'idle',
      turn: { micEnabled: false },
    });
  });

  it('SESSION_ENDED: asks for the session again and reconnects with a new one', async () => {
    const s = started();
    connect(s, [INTRO]);
    socketOf(s).closedByServer(LIVE_CLOSE.sessionEnded.code, LIVE_CLOSE.sessionEnded.reason);
    expect(s.session.getSnapshot().status).toBe('disconnected');
    await Promise.resolve();
    await Promise.resolve();
    expect(s.live.sockets).toHaveLength(2);
  });
});

describe('time running out', () => {
  it('sends the answer being given shortly before the grace period ends', () => {
    const s = started();
    // Time ran out a second ago (by the test's clock).
    const startedAt = new Date(s.clock.now() - 30 * 60_000 - 1000).toISOString();
    connect(s, [INTRO], { startedAt, duration: 30, elapsedMs: 30 * 60_000 + 1000 });
    s.session.enableMic();
    s.recs.say('I would put a cache in front of', false);
    send(s, { type: 'completed', reason: 'time-up' });
    const sendAt = LIMITS.answerGraceSeconds * 1000 - VOICE.graceSafetyMs - 1000;
    s.clock.advance(sendAt - 1);
    // Still talking (words keep coming): nothing sent yet.
    expect(framesOf(socketOf(s), 'answer')).toEqual([]);
    s.recs.say('I would put a cache in front of the database', false);
    s.clock.advance(1);
    expect(framesOf(socketOf(s), 'answer').map((f) => f.text)).toEqual([
      'I would put a cache in front of the database',
    ]);
  });
});
