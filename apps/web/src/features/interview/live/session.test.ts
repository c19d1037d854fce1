import { LIMITS, VOICE, type ServerFrame } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { attemptDetail, message, stateFrame } from '@/test/fake-server';
import { step } from './session';
import {
  END_FAILED,
  OFFLINE_NOTICE,
  REPLACED_NOTICE,
  initialSession,
  type AnswerFrame,
  type SessionCommand,
  type SessionInput,
  type SessionState,
} from './session-state';

/**
 * `step()` itself, input by input: a state, one input, the state and commands that come out. No
 * runner, no channel, no clock (the live-session tests run the same machine end to end).
 */

const ID = attemptDetail().id;
const NOW = Date.parse('2026-03-01T10:05:00.000Z');
const REPORT = `/reports/${ID}`;
const CHECK = `/interview/${ID}/check`;

/** Connected, the conversation known, nothing pending: an interview under way. */
function live(over: Partial<SessionState> = {}): SessionState {
  return { ...initialSession(ID), status: 'connected', ready: true, ...over };
}

const answer: AnswerFrame = { type: 'answer', id: 'u1', text: 'A closure.', mode: 'voice' };
const speech = (command: Extract<SessionCommand, { type: 'speech' }>['command']) =>
  ({ type: 'speech', command }) as const;
const frame = (f: ServerFrame): SessionInput => ({ type: 'frame', frame: f });

interface Case {
  state: SessionState;
  input: SessionInput;
  /** What the next state has (a subset). */
  next?: Partial<SessionState>;
  commands: SessionCommand[];
}

function check({ state, input, next, commands }: Case) {
  const out = step(state, input, NOW);
  if (next) expect(out.state).toMatchObject(next);
  expect(out.commands).toEqual(commands);
  return out;
}

describe('step: the connection', () => {
  it.each<[string, Case]>([
    [
      'a new status: not ready until the conversation comes again',
      {
        state: live(),
        input: { type: 'status', status: 'connecting' },
        next: { status: 'connecting', ready: false },
        commands: [],
      },
    ],
    [
      'replaced by another tab: says so and turns the microphone off',
      {
        state: live(),
        input: { type: 'stopped', reason: 'replaced' },
        next: { status: 'idle', notice: REPLACED_NOTICE },
        commands: [speech({ type: 'mic-off' })],
      },
    ],
    [
      'the session ended: asks for it again',
      {
        state: live(),
        input: { type: 'stopped', reason: 'sessionEnded' },
        next: { status: 'disconnected', ready: false },
        commands: [{ type: 'check-session' }],
      },
    ],
    [
      'a frame that could not go: says the answer waits for the connection',
      { state: live(), input: { type: 'offline' }, next: { notice: OFFLINE_NOTICE }, commands: [] },
    ],
  ])('%s', (_, c) => void check(c));
});

describe('step: the candidate', () => {
  it.each<[string, Case]>([
    [
      'an answer, connected: kept in the outbox, shown as sending, sent',
      {
        state: live(),
        input: { type: 'answer', id: 'u1', text: 'A closure.', meta: { mode: 'voice' } },
        next: {
          outbox: [answer],
          messages: [expect.objectContaining({ id: 'u1', sending: true })],
        },
        commands: [{ type: 'send', frame: answer, orElse: { type: 'offline' } }],
      },
    ],
    [
      'an answer, offline: kept for the reconnect, and said so',
      {
        state: live({ status: 'disconnected' }),
        input: { type: 'answer', id: 'u1', text: 'A closure.', meta: { mode: 'voice' } },
        next: { outbox: [answer], notice: OFFLINE_NOTICE },
        commands: [],
      },
    ],
    [
      'an interruption of the reply on the voice: what was heard is noted and sent',
      {
        state: live({
          voice: { id: 'a1', ended: false, again: false },
          messages: [message('a1', 'AI', 'Hello. What is a closure?')],
        }),
        input: { type: 'interrupted', heard: 'Hello.' },
        next: {
          heard: { a1: 'Hello.' },
          messages: [expect.objectContaining({ id: 'a1', heard: 'Hello.' })],
          outbox: [{ type: 'interrupt', replyId: 'a1', heard: 'Hello.' }],
        },
        commands: [
          {
            type: 'send',
            frame: { type: 'interrupt', replyId: 'a1', heard: 'Hello.' },
            orElse: { type: 'offline' },
          },
        ],
      },
    ],
    [
      'an interruption again of the same reply replaces the one waiting',
      {
        state: live({
          voice: { id: 'a1', ended: false, again: false },
          outbox: [{ type: 'interrupt', replyId: 'a1', heard: 'Hel' }],
          status: 'disconnected',
        }),
        input: { type: 'interrupted', heard: 'Hello.' },
        next: { outbox: [{ type: 'interrupt', replyId: 'a1', heard: 'Hello.' }] },
        commands: [],
      },
    ],
    [
      'an interruption of a line with no id (the apology): nothing to tell the server',
      { state: live(), input: { type: 'interrupted', heard: 'I apologize' }, commands: [] },
    ],
  ])('%s', (_, c) => void check(c));
});

describe('step: End Interview', () => {
  it.each<[string, Case]>([
    [
      'connected: the words said go first, then `end`, with a deadline for the answer',
      {
        state: live(),
        input: { type: 'end', early: false },
        next: { endStage: 'ending', early: false },
        commands: [
          speech({ type: 'end-turns' }),
          { type: 'send', frame: { type: 'end' }, orElse: { type: 'end-unsent' } },
          { type: 'timer', name: 'endAnswer', at: NOW + VOICE.endAnswerTimeoutMs },
        ],
      },
    ],
    [
      'early, connected: `end` says so',
      {
        state: live(),
        input: { type: 'end', early: true },
        next: { endStage: 'ending', early: true },
        commands: [
          speech({ type: 'end-turns' }),
          { type: 'send', frame: { type: 'end', early: true }, orElse: { type: 'end-unsent' } },
          { type: 'timer', name: 'endAnswer', at: NOW + VOICE.endAnswerTimeoutMs },
        ],
      },
    ],
    [
      'offline: through the REST API',
      {
        state: live({ status: 'disconnected' }),
        input: { type: 'end', early: false },
        next: { endStage: 'ending' },
        commands: [speech({ type: 'end-turns' }), { type: 'end-via-rest', early: false }],
      },
    ],
    [
      'asked again while ending: nothing more',
      { state: live({ endStage: 'ending' }), input: { type: 'end', early: true }, commands: [] },
    ],
    [
      '`end` could not go: through the REST API instead',
      {
        state: live({ endStage: 'ending', early: true }),
        input: { type: 'end-unsent' },
        commands: [
          { type: 'clear-timer', name: 'endAnswer' },
          { type: 'end-via-rest', early: true },
        ],
      },
    ],
    [
      'the REST API ended it: the report page',
      {
        state: live({ endStage: 'ending' }),
        input: { type: 'end-result', result: 'ended' },
        next: { endStage: 'generating', attemptStatus: 'completed' },
        commands: [{ type: 'navigate', to: REPORT }],
      },
    ],
    [
      'the REST API says it is not complete: the candidate confirms',
      {
        state: live({ endStage: 'ending' }),
        input: { type: 'end-result', result: 'not_complete' },
        next: { endStage: 'confirm' },
        commands: [],
      },
    ],
    [
      'the REST API failed: says so',
      {
        state: live({ endStage: 'ending' }),
        input: { type: 'end-result', result: 'failed' },
        next: { endStage: 'failed', failure: END_FAILED },
        commands: [],
      },
    ],
    [
      'a result after ending was settled otherwise: ignored',
      {
        state: live({ endStage: 'generating' }),
        input: { type: 'end-result', result: 'failed' },
        next: { endStage: 'generating' },
        commands: [],
      },
    ],
    [
      'back from the confirmation: the interview goes on',
      {
        state: live({ endStage: 'confirm' }),
        input: { type: 'back' },
        next: { endStage: 'live' },
        commands: [speech({ type: 'resume' })],
      },
    ],
    ['back while live: nothing', { state: live(), input: { type: 'back' }, commands: [] }],
  ])('%s', (_, c) => void check(c));
});

describe('step: timers', () => {
  it.each<[string, Case]>([
    [
      'the owed reply stopped streaming: the voice finishes what came, the candidate speaks',
      {
        state: live({ voice: { id: 'a1', ended: false, again: false }, streaming: 'Thanks. Next' }),
        input: { type: 'timer', name: 'owedReply' },
        next: { voice: { id: 'a1', ended: true, again: false }, streaming: null },
        commands: [
          speech({ type: 'reply-ended', text: 'Thanks. Next' }),
          speech({ type: 'resume' }),
        ],
      },
    ],
    [
      'the owed reply never started: the candidate speaks',
      {
        state: live(),
        input: { type: 'timer', name: 'owedReply' },
        commands: [speech({ type: 'resume' })],
      },
    ],
    [
      'the grace period is nearly over: what was said goes now',
      {
        state: live(),
        input: { type: 'timer', name: 'grace' },
        commands: [speech({ type: 'flush' })],
      },
    ],
    [
      'no answer to `end` in time: through the REST API',
      {
        state: live({ endStage: 'ending' }),
        input: { type: 'timer', name: 'endAnswer' },
        commands: [{ type: 'end-via-rest', early: false }],
      },
    ],
    [
      'the `end` deadline after it was answered: nothing',
      {
        state: live({ endStage: 'confirm' }),
        input: { type: 'timer', name: 'endAnswer' },
        commands: [],
      },
    ],
    [
      'no report frame in time: the report page asks itself',
      {
        state: live({ endStage: 'generating' }),
        input: { type: 'timer', name: 'reportWait' },
        commands: [{ type: 'navigate', to: REPORT }],
      },
    ],
    [
      'the report wait while not generating: nothing',
      { state: live(), input: { type: 'timer', name: 'reportWait' }, commands: [] },
    ],
  ])('%s', (_, c) => void check(c));
});

describe('step: the conversation so far (`state`)', () => {
  const intro = message('a1', 'AI', 'Welcome. What is a closure?');

  it.each<[string, Case]>([
    [
      'the introduction owed: listens only after it, and gives up waiting in time',
      {
        state: live({ ready: false }),
        input: frame(stateFrame([])),
        next: { ready: true, messages: [], attemptStatus: 'in_progress' },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          speech({ type: 'expect-reply' }),
          { type: 'timer', name: 'owedReply', at: NOW + VOICE.owedReplyTimeoutMs },
        ],
      },
    ],
    [
      'the candidate’s turn: the microphone is theirs; what was said before is not said again',
      {
        state: live({ ready: false }),
        input: frame(stateFrame([intro])),
        next: { spoken: ['a1'], messages: [intro] },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          speech({ type: 'resume' }),
        ],
      },
    ],
    [
      'answers not confirmed go again, with their ids, and a reply is owed',
      {
        state: live({ outbox: [answer] }),
        input: frame(stateFrame([intro])),
        next: { outbox: [answer], messages: [intro, expect.objectContaining({ id: 'u1' })] },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          { type: 'send', frame: answer },
          speech({ type: 'expect-reply' }),
          { type: 'timer', name: 'owedReply', at: NOW + VOICE.owedReplyTimeoutMs },
        ],
      },
    ],
    [
      'an answer the server has is confirmed by the conversation',
      {
        state: live({ outbox: [answer] }),
        input: frame(stateFrame([intro, { ...message('u1', 'User', 'A closure.', 2) }])),
        next: { outbox: [] },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          speech({ type: 'expect-reply' }),
          { type: 'timer', name: 'owedReply', at: NOW + VOICE.owedReplyTimeoutMs },
        ],
      },
    ],
    [
      'time is up: the last answer has until the grace period ends',
      {
        state: live(),
        // The 30 minutes counted just now: the grace period runs from now.
        input: frame(
          stateFrame([intro], {
            completionReason: 'time-up',
            engineCompleted: true,
            elapsedMs: 30 * 60_000,
          }),
        ),
        next: { completed: true, completionReason: 'time-up' },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          {
            type: 'timer',
            name: 'grace',
            at: NOW + LIMITS.answerGraceSeconds * 1000 - VOICE.graceSafetyMs,
          },
          speech({ type: 'resume' }),
        ],
      },
    ],
    [
      'ended while away, answers to check: the check',
      {
        state: live(),
        input: frame(stateFrame([intro], { status: 'completed', checkUntil: '2026-03-01T11:00Z' })),
        next: { endStage: 'generating' },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          { type: 'navigate', to: CHECK },
        ],
      },
    ],
    [
      'ended while away: the report',
      {
        state: live(),
        input: frame(stateFrame([intro], { status: 'completed' })),
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          { type: 'navigate', to: REPORT },
        ],
      },
    ],
    [
      'discarded elsewhere: back to History',
      {
        state: live(),
        input: frame(stateFrame([intro], { status: 'cancelled' })),
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          { type: 'navigate', to: '/history' },
        ],
      },
    ],
    [
      'the reply being spoken when the channel dropped is stored: the voice says the rest',
      {
        state: live({ voice: { id: 'a1', ended: false, again: false }, streaming: 'Welcome.' }),
        input: frame(stateFrame([intro])),
        next: { voice: { id: 'a1', ended: true, again: false }, streaming: null },
        commands: [
          { type: 'voice', modes: { recognition: 'browser', voice: 'browser' } },
          speech({ type: 'reply-ended', text: intro.message }),
          // Behind the voice in its lane: the floor is the candidate's once it is done.
          speech({ type: 'resume' }),
        ],
      },
    ],
  ])('%s', (_, c) => void check(c));

  it('server speech: the modes it says go to the voice stages first', () => {
    const modes = { recognition: 'server', voice: 'server' } as const;
    const out = step(live(), frame({ ...stateFrame([intro]), speech: modes }), NOW);
    expect(out.commands[0]).toEqual({ type: 'voice', modes });
  });
});

describe('step: the interviewer’s reply', () => {
  const reply = message('a2', 'AI', 'Thanks. What is a promise?', 3);

  it.each<[string, Case]>([
    [
      'a new reply starts: spoken, and no longer owed',
      {
        state: live(),
        input: frame({ type: 'reply.start', id: 'a2' }),
        next: { streaming: '', spoken: ['a2'], voice: { id: 'a2', ended: false, again: false } },
        commands: [{ type: 'clear-timer', name: 'owedReply' }, speech({ type: 'reply-started' })],
      },
    ],
    [
      'the reply on the voice comes again (a reconnect): its voice goes on, nothing twice',
      {
        state: live({ voice: { id: 'a2', ended: false, again: false }, spoken: ['a2'] }),
        input: frame({ type: 'reply.start', id: 'a2' }),
        next: { voice: { id: 'a2', ended: false, again: true } },
        commands: [{ type: 'clear-timer', name: 'owedReply' }],
      },
    ],
    [
      'a reply after End is not spoken',
      {
        state: live({ endStage: 'ending' }),
        input: frame({ type: 'reply.start', id: 'a2' }),
        next: { spoken: [] },
        commands: [{ type: 'clear-timer', name: 'owedReply' }],
      },
    ],
    [
      'its text streams to the voice',
      {
        state: live({ voice: { id: 'a2', ended: false, again: false }, streaming: 'Thanks. ' }),
        input: frame({ type: 'reply.delta', id: 'a2', text: 'What' }),
        next: { streaming: 'Thanks. What' },
        commands: [speech({ type: 'reply-delta', text: 'What' })],
      },
    ],
    [
      'text streamed again after a reconnect is shown, not spoken again',
      {
        state: live({ voice: { id: 'a2', ended: false, again: true }, streaming: '' }),
        input: frame({ type: 'reply.delta', id: 'a2', text: 'Thanks. ' }),
        next: { streaming: 'Thanks. ' },
        commands: [],
      },
    ],
    [
      'the stored reply ends the one on the voice (the stored text is authoritative)',
      {
        state: live({ voice: { id: 'a2', ended: false, again: false }, streaming: 'Thanks.' }),
        input: frame({ type: 'reply.end', message: reply }),
        next: {
          streaming: null,
          messages: [reply],
          voice: { id: 'a2', ended: true, again: false },
        },
        commands: [speech({ type: 'reply-ended', text: reply.message })],
      },
    ],
    [
      'a stored reply with no stream before it is spoken whole',
      {
        state: live(),
        input: frame({ type: 'reply.end', message: reply }),
        next: { spoken: ['a2'], voice: { id: 'a2', ended: true, again: false } },
        commands: [speech({ type: 'reply-ended', text: reply.message })],
      },
    ],
    [
      'a reply said before comes again: shown, not said; the candidate speaks',
      {
        state: live({ spoken: ['a2'] }),
        input: frame({ type: 'reply.end', message: reply }),
        next: { messages: [reply] },
        commands: [speech({ type: 'resume' })],
      },
    ],
    [
      'the stored interruption confirms the one in the outbox',
      {
        state: live({
          spoken: ['a2'],
          outbox: [answer, { type: 'interrupt', replyId: 'a2', heard: 'Thanks.' }],
        }),
        input: frame({ type: 'reply.end', message: { ...reply, meta: { heard: 'Thanks.' } } }),
        next: {
          outbox: [answer],
          messages: [expect.objectContaining({ id: 'a2', heard: 'Thanks.' })],
        },
        commands: [speech({ type: 'resume' })],
      },
    ],
    [
      'an answer acknowledged: confirmed, with its place in the conversation',
      {
        state: live({
          outbox: [answer],
          messages: [{ ...message('u1', 'User', 'A closure.', 2), sending: true }],
        }),
        input: frame({ type: 'ack', id: 'u1', seq: 4 }),
        next: { outbox: [], messages: [expect.objectContaining({ seq: 4, sending: false })] },
        commands: [],
      },
    ],
  ])('%s', (_, c) => void check(c));
});

describe('step: completion, the end and the report', () => {
  it.each<[string, Case]>([
    [
      'complete (questions done): shown, the candidate ends it',
      {
        state: live(),
        input: frame({ type: 'completed', reason: 'questions-exhausted' }),
        next: { completed: true, completionReason: 'questions-exhausted' },
        commands: [],
      },
    ],
    [
      'time is up: the last answer goes shortly before the grace period ends',
      {
        state: live({ clock: null, durationMinutes: 30 }),
        input: frame({ type: 'completed', reason: 'time-up' }),
        commands: [
          {
            type: 'timer',
            name: 'grace',
            at: NOW + LIMITS.answerGraceSeconds * 1000 - VOICE.graceSafetyMs,
          },
        ],
      },
    ],
    [
      'ended with spoken answers: the check first',
      {
        state: live({ endStage: 'ending' }),
        input: frame({
          type: 'ended',
          interviewId: ID,
          reportStatus: 'pending',
          checkUntil: '2026-03-01T11:00:00.000Z',
        }),
        next: { endStage: 'generating', attemptStatus: 'completed' },
        commands: [
          { type: 'clear-timer', name: 'endAnswer' },
          { type: 'navigate', to: CHECK },
        ],
      },
    ],
    [
      'ended, the report pending: waits for its frame, with a safety net',
      {
        state: live({ endStage: 'ending' }),
        input: frame({ type: 'ended', interviewId: ID, reportStatus: 'pending' }),
        commands: [
          { type: 'clear-timer', name: 'endAnswer' },
          { type: 'timer', name: 'reportWait', at: NOW + VOICE.reportWaitMs },
        ],
      },
    ],
    [
      'ended, the report already final: the report page',
      {
        state: live({ endStage: 'ending' }),
        input: frame({ type: 'ended', interviewId: ID, reportStatus: 'completed' }),
        commands: [
          { type: 'clear-timer', name: 'endAnswer' },
          { type: 'navigate', to: REPORT },
        ],
      },
    ],
    [
      'the report is ready: its page',
      {
        state: live({ endStage: 'generating' }),
        input: frame({ type: 'report', reportStatus: 'failed' }),
        commands: [
          { type: 'clear-timer', name: 'reportWait' },
          { type: 'navigate', to: REPORT },
        ],
      },
    ],
    [
      'server speech frames go to the voice stages as they are',
      {
        state: live(),
        input: frame({ type: 'transcript', id: 'x', text: 'hello', final: true }),
        commands: [
          { type: 'voice', frame: { type: 'transcript', id: 'x', text: 'hello', final: true } },
        ],
      },
    ],
    ['a pong: nothing', { state: live(), input: frame({ type: 'pong' }), commands: [] }],
  ])('%s', (_, c) => void check(c));
});

describe('step: the interview clock (decision 038)', () => {
  it('counts from what the server counted, not from when the attempt started', () => {
    // Started 40 minutes ago, left for 30 of them: one minute counted, nine left.
    const state = frame(
      stateFrame([message('a1', 'AI', 'What is a closure?')], {
        startedAt: '2026-03-01T09:25:00.000Z',
        duration: 10,
        elapsedMs: 60_000,
      }),
    );
    const out = step(live({ ready: false }), state, NOW);
    expect(out.state.clock).toEqual({ elapsedMs: 60_000, at: NOW, running: true });
    expect(out.state.durationMinutes).toBe(10);
    // Time is up nine minutes on, not at once: the grace timer is set from the same clock.
    const up = step(out.state, frame({ type: 'completed', reason: 'time-up' }), NOW + 9 * 60_000);
    expect(up.commands).toEqual([
      {
        type: 'timer',
        name: 'grace',
        at: NOW + 9 * 60_000 + LIMITS.answerGraceSeconds * 1000 - VOICE.graceSafetyMs,
      },
    ]);
  });

  it('stops while the channel is down or the attempt ended, as the server’s clock does', () => {
    const running = live({ clock: { elapsedMs: 60_000, at: NOW, running: true } });
    const stopped = { elapsedMs: 65_000, at: NOW + 5_000, running: false };
    expect(
      step(running, { type: 'status', status: 'disconnected' }, NOW + 5_000).state.clock,
    ).toEqual(stopped);
    expect(
      step(running, { type: 'stopped', reason: 'sessionEnded' }, NOW + 5_000).state.clock,
    ).toEqual(stopped);
    const ended = frame({ type: 'ended', interviewId: ID, reportStatus: 'pending' });
    expect(step(running, ended, NOW + 5_000).state.clock).toEqual(stopped);
    // Connected again: it runs on only once the server says what it counted (`state`).
    expect(step(running, { type: 'status', status: 'connected' }, NOW).state.clock).toEqual(
      running.clock,
    );
  });
});

describe('step: errors, by their code', () => {
  const error = (code: Extract<ServerFrame, { type: 'error' }>['code'], id?: string) =>
    frame({ type: 'error', code, message: `The server says ${code}.`, ...(id ? { id } : {}) });
  const sent = {
    outbox: [answer],
    messages: [{ ...message('u1', 'User', 'A closure.', 2), sending: true }],
  };

  it.each<[string, Case]>([
    [
      'not complete while ending: the candidate confirms',
      {
        state: live({ endStage: 'ending' }),
        input: error('not_complete'),
        next: { endStage: 'confirm' },
        commands: [{ type: 'clear-timer', name: 'endAnswer' }],
      },
    ],
    [
      'not complete while live: nothing',
      { state: live(), input: error('not_complete'), next: { endStage: 'live' }, commands: [] },
    ],
    [
      'another protocol version: the channel closes for good, the outbox kept for the reload',
      {
        state: live(sent),
        input: error('protocol_mismatch'),
        next: { outdated: true, status: 'idle', ready: false, outbox: [answer] },
        commands: [{ type: 'close-channel' }, speech({ type: 'end-turns' })],
      },
    ],
    [
      'an answer the server could not take: marked, and the interviewer asks for it again',
      {
        state: live({ ...sent, voice: { id: 'a1', ended: true, again: false } }),
        input: error('internal', 'u1'),
        next: {
          outbox: [],
          voice: null,
          messages: [expect.objectContaining({ id: 'u1', sending: false, failed: true })],
        },
        commands: [speech({ type: 'say', text: 'The server says internal.' })],
      },
    ],
    [
      'a server failure about nothing in particular: shown, the candidate goes on',
      {
        state: live(),
        input: error('internal'),
        next: { notice: 'The server says internal.' },
        commands: [speech({ type: 'resume' })],
      },
    ],
    [
      'the attempt is over: the answer is not stored, and it says so',
      {
        state: live(sent),
        input: error('interview_ended', 'u1'),
        next: {
          outbox: [],
          completed: true,
          notice: 'The server says interview_ended.',
          messages: [expect.objectContaining({ id: 'u1', sending: false })],
        },
        commands: [speech({ type: 'resume' })],
      },
    ],
    [
      'no credits left: the first answer is refused and marked, the attempt goes on',
      {
        state: live(sent),
        input: error('credits_exhausted', 'u1'),
        next: {
          outbox: [],
          completed: false,
          notice: 'The server says credits_exhausted.',
          messages: [expect.objectContaining({ id: 'u1', failed: true })],
        },
        commands: [speech({ type: 'resume' })],
      },
    ],
    ['a bad frame: nothing', { state: live(sent), input: error('bad_frame'), commands: [] }],
    [
      'any other code: shown, the candidate goes on',
      {
        state: live(),
        input: error('conflict', 'u1'),
        next: { notice: 'The server says conflict.' },
        commands: [speech({ type: 'resume' })],
      },
    ],
  ])('%s', (_, c) => void check(c));
});

describe('step is pure', () => {
  it('never changes the state it was given', () => {
    const state = live({ outbox: [answer], voice: { id: 'a1', ended: false, again: false } });
    const frozen = structuredClone(state);
    step(state, { type: 'interrupted', heard: 'Hi' }, NOW);
    step(state, frame(stateFrame([message('a1', 'AI', 'Hi there.')])), NOW);
    step(state, { type: 'end', early: true }, NOW);
    expect(state).toEqual(frozen);
  });
});
