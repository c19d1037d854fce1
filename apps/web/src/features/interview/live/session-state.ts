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
  timeLeftMs,
} from '@candor/shared';
import type { ConnectionStatus, StopReason } from './channel';

/**
 * The state of the client's live session (its machine is `step` in session.ts): what the screen
 * shows, what the machine keeps, its inputs and the commands it gives, and the small helpers its
 * parts share.
 */

/** A transcript line: the stored message, or the candidate's answer on its way to the server. */
export interface TranscriptEntry extends ConversationMessage {
  /** Sent, not acknowledged yet (kept and re-sent after a reconnect). */
  sending?: boolean;
  /** The server could not take it; the candidate was asked to repeat. */
  failed?: boolean;
  /** The interviewer was cut off: what the candidate actually heard. */
  heard?: string;
  /**
   * Words that go on from the answer with this id (decision 037), shown on their own line until
   * the server says where they went: appended to that answer, or the next answer.
   */
  joins?: string;
}

/**
 * End Interview, from the live screen to the report: `ending` waits for the server, `confirm`
 * asks whether to end before the interview is complete, `generating` waits for the report,
 * `failed` says the attempt could not be ended.
 */
export type EndStage = 'live' | 'ending' | 'confirm' | 'generating' | 'failed';

/**
 * The interview clock as the screen counts it (decision 038): the time the server had counted
 * when it last said (`elapsedMs`, at this page's `at`), counting on from there while `running`
 * (connected to an attempt in progress). The server counts only while the candidate is in the
 * interview, so the screen stops with it when the channel drops, and the next `state` sets it.
 */
export interface ClockReading {
  elapsedMs: number;
  at: number;
  running: boolean;
}

/** The interview time counted by `now` on a reading. */
export function clockElapsed(c: ClockReading, now: number): number {
  return c.elapsedMs + (c.running ? Math.max(0, now - c.at) : 0);
}

/** The reading stopped at `now` (the channel dropped, the attempt ended). */
export const clockStopped = (c: ClockReading | null, now: number): ClockReading | null =>
  c && { elapsedMs: clockElapsed(c, now), at: now, running: false };

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
  /** The interview clock; null before the attempt started. */
  clock: ClockReading | null;
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
  outbox: OutboxFrame[];
  /** Replies whose voice this page began, or that were already said when it loaded. */
  spoken: string[];
  /** The reply the voice is on: `ended` once its stored text was given; `again` when re-streamed. */
  voice: { id: string; ended: boolean; again: boolean } | null;
  /** What was heard of replies the candidate cut off here, by reply id. */
  heard: Record<string, string>;
  /** The End Interview asked for: early or not. */
  early: boolean;
  /** The answer words said next may go on from (its id), when the turn-taking says they do. */
  lastAnswer: string | null;
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
  /**
   * The turn controller has an answer; the runner gave it an id. `continues`: it goes on from the
   * last answer (said before a word of the reply to it was heard).
   */
  | {
      type: 'answer';
      id: string;
      text: string;
      meta: AnswerMeta & { mode: 'voice' | 'typed' };
      continues?: boolean;
    }
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
    clock: null,
    durationMinutes: null,
    endStage: 'live',
    failure: null,
    outdated: false,
    outbox,
    spoken: [],
    voice: null,
    heard: {},
    early: false,
    lastAnswer: null,
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
    clock: s.clock,
    durationMinutes: s.durationMinutes,
    endStage: s.endStage,
    failure: s.failure,
    outdated: s.outdated,
  };
}

// ----- shared by the machine's parts (session.ts, session-frames.ts) ---------------------------

export const speech = (command: SpeechCommand): SessionCommand => ({ type: 'speech', command });
export const reportPage = (s: SessionState) => `/reports/${s.interviewId}`;
/** "Check your answers" (decision 024): after End, before the report, when answers were spoken. */
export const checkPage = (s: SessionState) => `/interview/${s.interviewId}/check`;
export const isAnswer = (f: OutboxFrame): f is AnswerFrame => f.type === 'answer';
export const outboxKey = (f: OutboxFrame) =>
  isAnswer(f) ? `answer:${f.id}` : `interrupt:${f.replyId}`;

/** A message as the transcript shows it: with what was heard of it, stored or noted here. */
export function entry(m: ConversationMessage, heard: Record<string, string>): TranscriptEntry {
  const h = m.meta?.heard ?? heard[m.id];
  return h === undefined ? m : { ...m, heard: h };
}

/** When the answer being given must be sent after time ran out (shortly before the grace ends). */
export function graceDeadline(s: SessionState, now: number): number {
  const left =
    s.clock && s.durationMinutes !== null
      ? timeLeftMs(s.durationMinutes, clockElapsed(s.clock, now))
      : 0;
  return now + left + LIMITS.answerGraceSeconds * 1000 - VOICE.graceSafetyMs;
}
