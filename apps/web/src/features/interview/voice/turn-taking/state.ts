import type { InterviewerVoice, Patience } from '@candor/shared';
import type { AnswerDraft } from '../answer-draft';
import type { ListenMode, RecogniserEvent, RecognitionFailure } from '../recogniser';
import {
  INITIAL_VOICE,
  type VoiceEffect,
  type VoiceInput,
  type VoiceState,
} from '../speech-output';
import type { AnswerMeta } from '../types';

export type Phase = 'idle' | 'listening' | 'waiting' | 'speaking';

/** What the live screen reads of the turn-taking. */
export interface TurnState {
  /** The candidate wants the microphone on (the floating toggle). */
  micEnabled: boolean;
  /** The recogniser has started and what it hears is the candidate's answer. */
  recording: boolean;
  /** The recogniser has started and listens over the interviewer, for the candidate interrupting. */
  bargeIn: boolean;
  phase: Phase;
  /** Words being recognised, not final yet. */
  interim: string;
  /** Final words of the answer, not sent yet. */
  pending: string;
  /** Words held back as a possible echo of the interviewer: the candidate sends or discards them. */
  heldBack: string;
  thinking: boolean;
  /** What the candidate should read about the microphone or recognition. */
  error: string | null;
  /** Why recognition stopped for good, when it did (the screen branches on this, not the text). */
  failure: RecognitionFailure | null;
}

export const INITIAL_TURN_STATE: TurnState = {
  micEnabled: false,
  recording: false,
  bargeIn: false,
  phase: 'idle',
  interim: '',
  pending: '',
  heldBack: '',
  thinking: false,
  error: null,
  failure: null,
};

/** What became of a typed answer. */
export type TypedResult = 'sent' | 'empty' | 'busy';

/** Everything the turn-taking knows: the screen's view and what its stages keep. */
export interface TurnModel {
  view: TurnState;
  /** What the recogniser listens for, as far as the turn-taking knows (it asked, or was told). */
  listen: ListenMode | null;
  /** The recogniser said it started: words said now are heard. */
  live: boolean;
  draft: AnswerDraft;
  /** The candidate's last words, last keystroke in the code editor, and the utterance's start. */
  lastSpeechAt: number;
  lastTypingAt: number;
  utteranceStartedAt: number | null;
  /** When the interviewer's voice last ended. */
  lastInterviewerEndAt: number;
  /** The reply being (or last) spoken, as streamed so far, and when its voice played. */
  reply: { text: string; from: number | null; until: number | null };
  /** When "time to think" began (0: not thinking). */
  thinkingSince: number;
  /** Server recognition: speech is being said or transcribed (no silence is counted). */
  hearing: boolean;
  voice: VoiceState;
  /** The reply the voice is on, numbered when it was asked for (0: none). */
  replyOnVoice: number;
  stopped: boolean;
  /**
   * The last answer was sent by the end-of-turn rules and not a word of the interviewer's reply
   * has been heard since: what the candidate says now goes on from it (decision 037).
   */
  joinable: boolean;
  /** The answer being drafted goes on from the last one sent (sent with `continues`). */
  continues: boolean;
  /** What was sent of the answer that may be continued (its pieces so far), for the rules. */
  sentText: string;
}

export const INITIAL_TURN: TurnModel = {
  view: INITIAL_TURN_STATE,
  listen: null,
  live: false,
  draft: [],
  lastSpeechAt: 0,
  lastTypingAt: 0,
  utteranceStartedAt: null,
  lastInterviewerEndAt: 0,
  reply: { text: '', from: null, until: null },
  thinkingSince: 0,
  hearing: false,
  voice: INITIAL_VOICE,
  replyOnVoice: 0,
  stopped: false,
  joinable: false,
  continues: false,
  sentText: '',
};

export type TurnEvent =
  // The candidate.
  | { type: 'mic-on' }
  | { type: 'mic-off' }
  /** A keystroke in the code editor. */
  | { type: 'typing' }
  | { type: 'thinking'; on: boolean }
  | { type: 'typed'; text: string }
  | { type: 'send-held-back' }
  | { type: 'discard-held-back' }
  // The live session (urgent: flush, end, stop-interviewer).
  | { type: 'flush' }
  | { type: 'end' }
  | { type: 'stop-interviewer' }
  | { type: 'expect-reply' }
  | { type: 'resume' }
  | { type: 'reply-started'; reply: number }
  | { type: 'reply-delta'; text: string }
  | { type: 'reply-ended'; text: string }
  /**
   * The recogniser. `echo`: said while it carried out what the turn-taking asked of it, so a
   * mode it reports is one the turn-taking already knows of, or passed through.
   */
  | { type: 'recognition'; event: RecogniserEvent; echo?: boolean }
  /** The speaker, about one sentence. */
  | { type: 'voice'; input: Extract<VoiceInput, { type: 'audible' | 'done' }> }
  /**
   * The clock, every VOICE.silenceCheckEveryMs; `maxAnswerMs`: the interviewer's limit, if any;
   * `patience`: the candidate's, for the end-of-turn wait.
   */
  | { type: 'tick'; maxAnswerMs: number | null; patience: Patience }
  | { type: 'dispose' };

export type TurnEffect =
  | { type: 'listen'; mode: ListenMode }
  | { type: 'stop-listening' }
  /** The microphone is let go of, not only not listened to. */
  | { type: 'release-mic' }
  | { type: 'reset-errors' }
  /** The recording stage: record (or resume) the answer, pause, or let go. */
  | { type: 'record' }
  | { type: 'pause-recording' }
  | { type: 'dispose-recorder' }
  /**
   * An answer goes to the server, with its recording taken, or the recording dropped;
   * `continues`: it goes on from the last answer sent (no recording of its own).
   */
  | {
      type: 'answer';
      text: string;
      meta: AnswerMeta;
      audio: 'take' | 'discard';
      continues?: boolean;
    }
  /** For the speaker; `report`: the interviewer was cut off, say what was heard. */
  | { type: 'voice'; effect: VoiceEffect; report?: boolean }
  /** The browser cut the interviewer off; `heard` is what the candidate heard. */
  | { type: 'interrupted'; heard: string };

export interface TurnStep {
  state: TurnModel;
  effects: TurnEffect[];
  /** What a typed answer, a flush or End came to. */
  result?: boolean | TypedResult;
  /** The reply the interviewer was cut off in: what is still queued for it is dropped. */
  cutOff?: number;
}

/**
 * One step in the making: the stages below take it, replace its state (never changing the state
 * they were given) and add effects. `turnStep` starts one from a state and returns it.
 */
export interface Turn {
  s: TurnModel;
  fx: TurnEffect[];
  now: number;
  result?: boolean | TypedResult;
  cutOff?: number;
}

/** Changes what the screen reads (a new view only when something differs). */
export function show(t: Turn, patch: Partial<TurnState>) {
  const view = t.s.view;
  const changed = (Object.keys(patch) as (keyof TurnState)[]).some((k) => patch[k] !== view[k]);
  if (changed) t.s = { ...t.s, view: { ...view, ...patch } };
}

/** Changes what the stages keep. */
export function keep(t: Turn, patch: Partial<Omit<TurnModel, 'view'>>) {
  t.s = { ...t.s, ...patch };
}

/** The interviewer's voice as the echo filter needs it; null before it ever spoke. */
export function interviewerVoice(s: TurnModel): InterviewerVoice | null {
  if (s.reply.from === null) return null;
  return { text: s.reply.text, from: s.reply.from, until: s.reply.until };
}

/**
 * Nothing said from now on goes on from the last answer sent: the interviewer was heard, or the
 * answer was typed (decision 037).
 */
export function closeAnswer(t: Turn) {
  if (t.s.joinable || t.s.continues) keep(t, { joinable: false, continues: false, sentText: '' });
}
