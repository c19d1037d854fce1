import {
  LIMITS,
  VOICE,
  type AnswerMeta,
  type ClientFrame,
  type CompletionReason,
  type ConversationMessage,
  type InterviewStatus,
  type ServerFrame,
  type SpeechModes,
} from '@candor/shared';
import type { ConnectionStatus, StopReason } from './channel';

/**
 * The client's live session of one attempt, as a pure state machine: `step(state, input, now)`
 * gives the next state and the commands to carry out (send a frame, speak, stop speaking, set a
 * timer, navigate…). It owns the outbox (answers and interruptions the server has not confirmed,
 * re-sent with the same ids after a reconnect), which replies were spoken (none twice, also after
 * a reconnect in the middle of one), the timers, and End Interview up to the report. No React, no
 * browser, no clock of its own: `LiveSession` runs it, tests script it.
 */

/** A transcript line: the stored message, or the candidate's answer on its way to the server. */
export interface TranscriptEntry extends ConversationMessage {
  /** Sent, not acknowledged yet (kept and re-sent after a reconnect). */
  sending?: boolean;
  /** The server could not take it; the candidate was asked to repeat. */
  failed?: boolean;
  /** The interviewer was cut off: what the candidate actually heard. */
  heard?: string;
}

/**
 * End Interview, from the live screen to the report: `ending` waits for the server, `confirm`
 * asks whether to end before the interview is complete, `generating` waits for the report,
 * `failed` says the attempt could not be ended.
 */
export type EndStage = 'live' | 'ending' | 'confirm' | 'generating' | 'failed';

/** What the screen shows. */
export interface SessionView {
  status: ConnectionStatus;
  /** The conversation so far arrived since the last connect. */
  ready: boolean;
  messages: TranscriptEntry[];
  /** The interviewer's reply as it streams in. */
  streaming: string | null;
  /** The server decided the interview is over (the candidate still ends it). */
  completed: boolean;
  /** Why, once known (time-up leaves a grace period for an answer being given). */
  completionReason: CompletionReason | null;
  /** The attempt's status on the server, once known. */
  attemptStatus: InterviewStatus | null;
  notice: string | null;
  startedAt: number | null;
  /** The attempt's length in minutes, from the server. */
  durationMinutes: number | null;
  endStage: EndStage;
  /** Why ending failed (stage `failed`). */
  failure: string | null;
  /** The server speaks another version of the protocol: only a reload helps. */
  outdated: boolean;
}

export type AnswerFrame = Extract<ClientFrame, { type: 'answer' }>;
export type InterruptFrame = Extract<ClientFrame, { type: 'interrupt' }>;
/** What waits for the server's confirmation, in the order it was said. */
export type OutboxFrame = AnswerFrame | InterruptFrame;

export type TimerName = 'owedReply' | 'grace' | 'endAnswer' | 'reportWait';

export interface SessionState extends SessionView {
  interviewId: string;
  attempt: { startedAt: string | null; duration: number };
  outbox: OutboxFrame[];
  /** Replies whose voice this page began, or that were already said when it loaded. */
  spoken: string[];
  /** The reply the voice is on: `ended` once its stored text was given; `again` when re-streamed. */
  voice: { id: string; ended: boolean; again: boolean } | null;
  /** What was heard of replies the candidate cut off here, by reply id. */
  heard: Record<string, string>;
  /** The End Interview asked for: early or not. */
  early: boolean;
}

/** What the turn controller is asked to do (see TurnController). */
export type SpeechCommand =
  | { type: 'reply-started' }
  | { type: 'reply-delta'; text: string }
  | { type: 'reply-ended'; text: string }
  | { type: 'say'; text: string }
  | { type: 'expect-reply' }
  | { type: 'resume' }
  | { type: 'flush' }
  /** Urgent: the voice stops now, the words said so far are sent, the microphone goes off. */
  | { type: 'end-turns' }
  | { type: 'mic-off' };

/** Frames of server speech (decision 022): they go to the voice stages as they are. */
export type VoiceFrame = Extract<
  ServerFrame,
  { type: 'transcript' | 'transcript.failed' | 'speech.start' | 'speech.end' | 'speech.failed' }
>;

export type SessionCommand =
  /** `orElse` is what happens when the frame could not go (no open socket). */
  | { type: 'send'; frame: ClientFrame; orElse?: SessionInput }
  /** Who recognises and speaks (from `state`), and the server's transcripts and voice. */
  | { type: 'voice'; modes?: SpeechModes; frame?: VoiceFrame }
  | { type: 'speech'; command: SpeechCommand }
  | { type: 'timer'; name: TimerName; at: number }
  | { type: 'clear-timer'; name: TimerName }
  | { type: 'navigate'; to: string }
  /** End through the REST API (same rules); its result comes back as `end-result`. */
  | { type: 'end-via-rest'; early: boolean }
  /** The session ended: ask for it again; reconnect if there is one (else sign-in takes over). */
  | { type: 'check-session' }
  | { type: 'close-channel' };

export type EndResult = 'ended' | 'not_complete' | 'failed';

export type SessionInput =
  | { type: 'frame'; frame: ServerFrame }
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'stopped'; reason: StopReason }
  /** The turn controller has an answer; the runner gave it an id. */
  | { type: 'answer'; id: string; text: string; meta: AnswerMeta & { mode: 'voice' | 'typed' } }
  /** The interviewer was cut off (barge-in, Skip, End, the browser); `heard` is what was heard. */
  | { type: 'interrupted'; heard: string }
  | { type: 'timer'; name: TimerName }
  | { type: 'end'; early: boolean }
  | { type: 'end-unsent' }
  | { type: 'end-result'; result: EndResult }
  /** Back from the confirmation or the failure to the interview. */
  | { type: 'back' }
  | { type: 'offline' };

export interface Step {
  state: SessionState;
  commands: SessionCommand[];
}

/** The server closed this tab's channel because a newer one opened the same interview. */
export const REPLACED_NOTICE =
  'This interview is open in another tab or window. Reload this page to continue here.';
export const OFFLINE_NOTICE =
  'Connection lost — reconnecting. Your answer will be sent when it is back.';
export const END_FAILED =
  'The server could not be reached to end the interview. Your answers are saved; try again in a moment.';

export function initialSession(interviewId: string, outbox: OutboxFrame[] = []): SessionState {
  return {
    interviewId,
    status: 'idle',
    ready: false,
    messages: [],
    streaming: null,
    completed: false,
    completionReason: null,
    attemptStatus: null,
    notice: null,
    startedAt: null,
    durationMinutes: null,
    endStage: 'live',
    failure: null,
    outdated: false,
    attempt: { startedAt: null, duration: 0 },
    outbox,
    spoken: [],
    voice: null,
    heard: {},
    early: false,
  };
}

/** What the screen shows of a state. */
export function sessionView(s: SessionState): SessionView {
  return {
    status: s.status,
    // Connected and the conversation so far is known: the microphone may open.
    ready: s.ready && s.status === 'connected',
    messages: s.messages,
    streaming: s.streaming,
    completed: s.completed,
    completionReason: s.completionReason,
    attemptStatus: s.attemptStatus,
    notice: s.notice,
    startedAt: s.startedAt,
    durationMinutes: s.durationMinutes,
    endStage: s.endStage,
    failure: s.failure,
    outdated: s.outdated,
  };
}

const speech = (command: SpeechCommand): SessionCommand => ({ type: 'speech', command });
const reportPage = (s: SessionState) => `/reports/${s.interviewId}`;
/** "Check your answers" (decision 024): after End, before the report, when answers were spoken. */
const checkPage = (s: SessionState) => `/interview/${s.interviewId}/check`;
const isAnswer = (f: OutboxFrame): f is AnswerFrame => f.type === 'answer';
const outboxKey = (f: OutboxFrame) => (isAnswer(f) ? `answer:${f.id}` : `interrupt:${f.replyId}`);

/** A message as the transcript shows it: with what was heard of it, stored or noted here. */
function entry(m: ConversationMessage, heard: Record<string, string>): TranscriptEntry {
  const h = m.meta?.heard ?? heard[m.id];
  return h === undefined ? m : { ...m, heard: h };
}

/** When the answer being given must be sent after time ran out (shortly before the grace ends). */
function graceDeadline(s: SessionState, now: number): number {
  const { startedAt, duration } = s.attempt;
  const end = startedAt
    ? Date.parse(startedAt) + duration * 60_000 + LIMITS.answerGraceSeconds * 1000
    : now + LIMITS.answerGraceSeconds * 1000;
  return end - VOICE.graceSafetyMs;
}

/** Sends `frame` when the channel is up; the outbox keeps it either way. */
function sendIfConnected(s: SessionState, frame: OutboxFrame): SessionCommand[] {
  return s.status === 'connected' ? [{ type: 'send', frame, orElse: { type: 'offline' } }] : [];
}

export function step(s: SessionState, input: SessionInput, now: number): Step {
  switch (input.type) {
    case 'frame':
      return onFrame(s, input.frame, now);
    case 'status':
      return { state: { ...s, status: input.status, ready: false }, commands: [] };
    case 'stopped':
      if (input.reason === 'replaced')
        return {
          state: { ...s, status: 'idle', ready: false, notice: REPLACED_NOTICE },
          commands: [speech({ type: 'mic-off' })],
        };
      return {
        state: { ...s, status: 'disconnected', ready: false },
        commands: [{ type: 'check-session' }],
      };
    case 'answer': {
      const frame: AnswerFrame = { type: 'answer', id: input.id, text: input.text, ...input.meta };
      const line: TranscriptEntry = {
        id: input.id,
        seq: s.messages.length + 1,
        speaker: 'User',
        message: input.text,
        timestamp: new Date(now).toISOString(),
        meta: input.meta,
        sending: true,
      };
      const state = { ...s, outbox: [...s.outbox, frame], messages: [...s.messages, line] };
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

function onFrame(s: SessionState, f: ServerFrame, now: number): Step {
  switch (f.type) {
    case 'state': {
      const step = onState(s, f, now);
      const modes = f.speech ?? { recognition: 'browser', voice: 'browser' };
      return { ...step, commands: [{ type: 'voice', modes }, ...step.commands] };
    }
    case 'transcript':
    case 'transcript.failed':
    case 'speech.start':
    case 'speech.end':
    case 'speech.failed':
      return { state: s, commands: [{ type: 'voice', frame: f }] };
    case 'ack':
      return {
        state: {
          ...s,
          outbox: s.outbox.filter((o) => !(isAnswer(o) && o.id === f.id)),
          messages: s.messages.map((m) =>
            m.id === f.id ? { ...m, seq: f.seq, sending: false } : m,
          ),
        },
        commands: [],
      };
    case 'reply.start': {
      const commands: SessionCommand[] = [{ type: 'clear-timer', name: 'owedReply' }];
      let state: SessionState = { ...s, streaming: '' };
      if (s.voice?.id === f.id && !s.voice.ended) {
        // The reply being spoken comes again (a reconnect): its voice goes on where it was.
        state.voice = { ...s.voice, again: true };
      } else if (!s.spoken.includes(f.id) && s.endStage === 'live') {
        state = { ...state, voice: { id: f.id, ended: false, again: false } };
        state.spoken = [...s.spoken, f.id];
        commands.push(speech({ type: 'reply-started' }));
      }
      return { state, commands };
    }
    case 'reply.delta': {
      const state = { ...s, streaming: (s.streaming ?? '') + f.text };
      const voiced = s.voice?.id === f.id && !s.voice.ended && !s.voice.again;
      return { state, commands: voiced ? [speech({ type: 'reply-delta', text: f.text })] : [] };
    }
    case 'reply.end':
      return onReplyEnd(s, f.message, now);
    case 'completed': {
      const state = { ...s, completed: true, completionReason: f.reason };
      return {
        state,
        commands:
          f.reason === 'time-up'
            ? [{ type: 'timer', name: 'grace', at: graceDeadline(state, now) }]
            : [],
      };
    }
    case 'ended': {
      const state: SessionState = { ...s, endStage: 'generating', attemptStatus: 'completed' };
      const commands: SessionCommand[] = [{ type: 'clear-timer', name: 'endAnswer' }];
      // Spoken answers: the candidate checks them first; the report starts after that.
      if (f.checkUntil) commands.push({ type: 'navigate', to: checkPage(s) });
      else if (f.reportStatus === 'pending')
        commands.push({ type: 'timer', name: 'reportWait', at: now + VOICE.reportWaitMs });
      else commands.push({ type: 'navigate', to: reportPage(s) });
      return { state, commands };
    }
    case 'report':
      // Completed or failed, the report page says which (and offers to generate it again).
      return {
        state: { ...s, endStage: 'generating' },
        commands: [
          { type: 'clear-timer', name: 'reportWait' },
          { type: 'navigate', to: reportPage(s) },
        ],
      };
    case 'error':
      return onError(s, f);
    case 'pong':
      return { state: s, commands: [] };
  }
}

function onState(s: SessionState, f: Extract<ServerFrame, { type: 'state' }>, now: number): Step {
  const { interview, messages } = f;
  const stored = new Map(messages.map((m) => [m.id, m]));
  // Answers the server has are done; interruptions are done once the message says what was heard.
  const outbox = s.outbox.filter((o) =>
    isAnswer(o) ? !stored.has(o.id) : stored.get(o.replyId)?.meta?.heard === undefined,
  );
  const commands: SessionCommand[] = [];
  let voice = s.voice;
  // The reply being spoken when the channel dropped is stored now: its voice says the rest.
  const speaking = voice && !voice.ended ? stored.get(voice.id) : undefined;
  if (voice && speaking) {
    voice = { ...voice, ended: true };
    commands.push(speech({ type: 'reply-ended', text: speaking.message }));
  }
  const spoken = [
    ...new Set([...s.spoken, ...messages.filter((m) => m.speaker === 'AI').map((m) => m.id)]),
  ];
  const answersUnsent = outbox.filter(isAnswer);
  const unsentIds = new Set(answersUnsent.map((a) => a.id));
  const local = s.messages.filter((m) => unsentIds.has(m.id));
  // Restored after a reload (see LiveSession): shown until the server has them.
  const restored = answersUnsent
    .filter((a) => !local.some((m) => m.id === a.id))
    .map<TranscriptEntry>((a) => ({
      id: a.id,
      seq: 0,
      speaker: 'User',
      message: a.text,
      timestamp: new Date(now).toISOString(),
      sending: true,
    }));
  const state: SessionState = {
    ...s,
    outbox,
    voice,
    spoken,
    // What streamed of a reply still owed stays on screen until it comes again.
    streaming: voice && !voice.ended ? s.streaming : null,
    messages: [...messages.map((m) => entry(m, s.heard)), ...local, ...restored],
    startedAt: interview.startedAt ? Date.parse(interview.startedAt) : null,
    durationMinutes: interview.duration,
    attempt: { startedAt: interview.startedAt, duration: interview.duration },
    completed: interview.engineCompleted,
    completionReason: interview.completionReason,
    attemptStatus: interview.status,
    ready: true,
    notice: null,
  };

  if (interview.status === 'completed') {
    // Ended while this page was away (a reload, a reconnect while the report was generated):
    // the check of the answers while it is open, else the report page waits for the report.
    return {
      state: { ...state, endStage: 'generating' },
      commands: [
        ...commands,
        { type: 'navigate', to: interview.checkUntil ? checkPage(s) : reportPage(s) },
      ],
    };
  }
  if (interview.status === 'cancelled')
    return { state, commands: [...commands, { type: 'navigate', to: '/history' }] };

  if (interview.completionReason === 'time-up')
    commands.push({ type: 'timer', name: 'grace', at: graceDeadline(state, now) });
  // What the server does not have yet goes again, in the order it was said, with the same ids.
  for (const frame of outbox) commands.push({ type: 'send', frame });
  const owed =
    answersUnsent.length > 0 ||
    (!interview.engineCompleted && (messages.length === 0 || messages.at(-1)?.speaker === 'User'));
  if (owed) {
    // The introduction (or a reply) is on its way: listen only after it was spoken.
    commands.push(speech({ type: 'expect-reply' }), {
      type: 'timer',
      name: 'owedReply',
      at: now + VOICE.owedReplyTimeoutMs,
    });
  } else if (!voice || voice.ended) commands.push(speech({ type: 'resume' }));
  return { state, commands };
}

function onReplyEnd(s: SessionState, message: ConversationMessage, now: number): Step {
  const heardStored = message.meta?.heard !== undefined;
  const outbox = heardStored
    ? s.outbox.filter((o) => isAnswer(o) || o.replyId !== message.id)
    : s.outbox;
  const state: SessionState = {
    ...s,
    outbox,
    streaming: null,
    messages: [...s.messages.filter((m) => m.id !== message.id), entry(message, s.heard)],
    startedAt: s.startedAt ?? now,
  };
  if (s.voice?.id === message.id && !s.voice.ended) {
    // The stored text is authoritative: the voice says what it adds (or the apology instead).
    state.voice = { ...s.voice, ended: true };
    return { state, commands: [speech({ type: 'reply-ended', text: message.message })] };
  }
  if (!s.spoken.includes(message.id) && s.endStage === 'live') {
    // A stored reply without a stream before it is spoken whole.
    state.voice = { id: message.id, ended: true, again: false };
    state.spoken = [...s.spoken, message.id];
    return { state, commands: [speech({ type: 'reply-ended', text: message.message })] };
  }
  // Said before (a repeated reply), or arriving after End: not spoken again.
  if (!s.spoken.includes(message.id)) state.spoken = [...s.spoken, message.id];
  return { state, commands: s.endStage === 'live' ? [speech({ type: 'resume' })] : [] };
}

function onError(s: SessionState, f: Extract<ServerFrame, { type: 'error' }>): Step {
  const dropAnswer = (id: string | undefined) =>
    id ? s.outbox.filter((o) => !(isAnswer(o) && o.id === id)) : s.outbox;
  switch (f.code) {
    case 'not_complete':
      if (s.endStage !== 'ending') return { state: s, commands: [] };
      return {
        state: { ...s, endStage: 'confirm' },
        commands: [{ type: 'clear-timer', name: 'endAnswer' }],
      };
    case 'protocol_mismatch':
      // This page is older or newer than the server: nothing more goes over the channel; what
      // was said and not confirmed is kept for the reload (LiveSession keeps the outbox).
      return {
        state: { ...s, outdated: true, status: 'idle', ready: false },
        commands: [{ type: 'close-channel' }, speech({ type: 'end-turns' })],
      };
    case 'internal':
      if (f.id) {
        // The answer was not taken: the interviewer asks for it again.
        const failedId = f.id;
        return {
          state: {
            ...s,
            outbox: dropAnswer(failedId),
            voice: null,
            messages: s.messages.map((m) =>
              m.id === failedId ? { ...m, sending: false, failed: true } : m,
            ),
          },
          commands: [speech({ type: 'say', text: f.message })],
        };
      }
      return { state: { ...s, notice: f.message }, commands: [speech({ type: 'resume' })] };
    case 'interview_ended':
      return {
        state: {
          ...s,
          outbox: dropAnswer(f.id),
          messages: s.messages.map((m) => (m.id === f.id ? { ...m, sending: false } : m)),
          notice: f.message,
          completed: true,
        },
        commands: [speech({ type: 'resume' })],
      };
    case 'credits_exhausted':
      // The attempt's first answer was refused (no credit left): not stored, and said why. The
      // attempt is not over; the candidate may end it or come back once credits are available.
      return {
        state: {
          ...s,
          outbox: dropAnswer(f.id),
          messages: s.messages.map((m) =>
            m.id === f.id ? { ...m, sending: false, failed: true } : m,
          ),
          notice: f.message,
        },
        commands: [speech({ type: 'resume' })],
      };
    case 'bad_frame':
      return { state: s, commands: [] };
    default:
      return { state: { ...s, notice: f.message }, commands: [speech({ type: 'resume' })] };
  }
}
