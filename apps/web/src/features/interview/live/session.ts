import { VOICE, type ClientFrame } from '@candor/shared';
import { onFrame } from './session-frames';
import {
  END_FAILED,
  OFFLINE_NOTICE,
  REPLACED_NOTICE,
  clockStopped,
  outboxKey,
  reportPage,
  speech,
  type AnswerFrame,
  type InterruptFrame,
  type OutboxFrame,
  type SessionCommand,
  type SessionInput,
  type SessionState,
  type Step,
  type TimerName,
  type TranscriptEntry,
} from './session-state';

/**
 * The client's live session of one attempt, as a pure state machine: `step(state, input, now)`
 * gives the next state and the commands to carry out (send a frame, speak, stop speaking, set a
 * timer, navigate…). It owns the outbox (answers and interruptions the server has not confirmed,
 * re-sent with the same ids after a reconnect), which replies were spoken (none twice, also after
 * a reconnect in the middle of one), the timers, and End Interview up to the report. No React, no
 * browser, no clock of its own: `LiveSession` runs it, tests script it.
 */

/** Sends `frame` when the channel is up; the outbox keeps it either way. */
function sendIfConnected(s: SessionState, frame: OutboxFrame): SessionCommand[] {
  return s.status === 'connected' ? [{ type: 'send', frame, orElse: { type: 'offline' } }] : [];
}

export function step(s: SessionState, input: SessionInput, now: number): Step {
  switch (input.type) {
    case 'frame':
      return onFrame(s, input.frame, now);
    case 'status':
      return {
        state: {
          ...s,
          status: input.status,
          ready: false,
          // Away from the interview, the server's clock stops too; the next `state` sets it.
          clock: input.status === 'connected' ? s.clock : clockStopped(s.clock, now),
        },
        commands: [],
      };
    case 'stopped':
      if (input.reason === 'replaced')
        return {
          state: {
            ...s,
            status: 'idle',
            ready: false,
            notice: REPLACED_NOTICE,
            clock: clockStopped(s.clock, now),
          },
          commands: [speech({ type: 'mic-off' })],
        };
      return {
        state: { ...s, status: 'disconnected', ready: false, clock: clockStopped(s.clock, now) },
        commands: [{ type: 'check-session' }],
      };
    case 'answer': {
      // Words that go on from the last answer name it; the server appends them to it, or stores
      // them as the next answer when the interviewer had already replied (decision 037).
      const joins = input.continues ? (s.lastAnswer ?? undefined) : undefined;
      const frame: AnswerFrame = {
        type: 'answer',
        id: input.id,
        text: input.text,
        ...input.meta,
        ...(joins ? { continues: joins } : {}),
      };
      const line: TranscriptEntry = {
        id: input.id,
        seq: s.messages.length + 1,
        speaker: 'User',
        message: input.text,
        timestamp: new Date(now).toISOString(),
        meta: input.meta,
        sending: true,
        ...(joins ? { joins } : {}),
      };
      const state = {
        ...s,
        outbox: [...s.outbox, frame],
        messages: [...s.messages, line],
        lastAnswer: joins ?? input.id,
      };
      const commands = sendIfConnected(state, frame);
      return {
        state: commands.length ? state : { ...state, notice: OFFLINE_NOTICE },
        commands,
      };
    }
    case 'offline':
      return { state: { ...s, notice: OFFLINE_NOTICE }, commands: [] };
    case 'interrupted': {
      // Only a stored reply can be cut off on the server (the apology after a failure has no id).
      const id = s.voice?.id;
      if (!id) return { state: s, commands: [] };
      const frame: InterruptFrame = { type: 'interrupt', replyId: id, heard: input.heard };
      const state: SessionState = {
        ...s,
        heard: { ...s.heard, [id]: input.heard },
        messages: s.messages.map((m) => (m.id === id ? { ...m, heard: input.heard } : m)),
        outbox: [...s.outbox.filter((f) => outboxKey(f) !== outboxKey(frame)), frame],
      };
      return { state, commands: sendIfConnected(state, frame) };
    }
    case 'timer':
      return onTimer(s, input.name);
    case 'end': {
      if (s.endStage === 'ending' || s.endStage === 'generating') return { state: s, commands: [] };
      const state: SessionState = { ...s, endStage: 'ending', early: input.early, failure: null };
      const frame: ClientFrame = input.early ? { type: 'end', early: true } : { type: 'end' };
      // What the candidate said and was not sent yet goes first: ending never loses an answer.
      const commands: SessionCommand[] = [speech({ type: 'end-turns' })];
      if (s.status !== 'connected') commands.push({ type: 'end-via-rest', early: input.early });
      else
        commands.push(
          { type: 'send', frame, orElse: { type: 'end-unsent' } },
          { type: 'timer', name: 'endAnswer', at: now + VOICE.endAnswerTimeoutMs },
        );
      return { state, commands };
    }
    case 'end-unsent':
      return {
        state: s,
        commands: [
          { type: 'clear-timer', name: 'endAnswer' },
          { type: 'end-via-rest', early: s.early },
        ],
      };
    case 'end-result':
      if (s.endStage !== 'ending') return { state: s, commands: [] };
      if (input.result === 'not_complete')
        return { state: { ...s, endStage: 'confirm' }, commands: [] };
      if (input.result === 'failed')
        return { state: { ...s, endStage: 'failed', failure: END_FAILED }, commands: [] };
      // Ended without the live channel: the report page waits for the report.
      return {
        state: { ...s, endStage: 'generating', attemptStatus: 'completed' },
        commands: [{ type: 'navigate', to: reportPage(s) }],
      };
    case 'back':
      if (s.endStage !== 'confirm' && s.endStage !== 'failed') return { state: s, commands: [] };
      return { state: { ...s, endStage: 'live' }, commands: [speech({ type: 'resume' })] };
  }
}

function onTimer(s: SessionState, name: TimerName): Step {
  switch (name) {
    case 'owedReply': {
      // The reply never came (or its stream stopped): the voice finishes what it has, then the
      // floor is the candidate's.
      const stale = s.voice && !s.voice.ended;
      return {
        state: stale ? { ...s, voice: { ...s.voice!, ended: true }, streaming: null } : s,
        commands: [
          ...(stale ? [speech({ type: 'reply-ended', text: s.streaming ?? '' })] : []),
          speech({ type: 'resume' }),
        ],
      };
    }
    case 'grace':
      return { state: s, commands: [speech({ type: 'flush' })] };
    case 'endAnswer':
      return s.endStage === 'ending'
        ? { state: s, commands: [{ type: 'end-via-rest', early: s.early }] }
        : { state: s, commands: [] };
    case 'reportWait':
      return s.endStage === 'generating'
        ? { state: s, commands: [{ type: 'navigate', to: reportPage(s) }] }
        : { state: s, commands: [] };
  }
}
