import { DEMANDING_RAMBLE_SECONDS, type UtteranceHeader } from '@candor/shared';
import type { RecordedAnswer } from '../voice/answer-recorder';
import {
  INITIAL_TURN_STATE,
  TurnController,
  type TurnDeps,
  type TurnState,
  type TypedResult,
} from '../voice/turn-controller';
import type { ClockLike } from '../voice/types';
import { AnswerRecordings } from './answer-recordings';
import { LiveChannel, type ChannelEvents } from './channel';
import { LiveSpeech, type ServerSpeechDeps } from './live-speech';
import { keepOutbox, restoreOutbox, type OutboxStore } from './outbox-store';
import { step } from './session';
import {
  initialSession,
  sessionView,
  type EndResult,
  type SessionCommand,
  type SessionInput,
  type SessionState,
  type SessionView,
  type SpeechCommand,
  type TimerName,
} from './session-state';

export type { OutboxStore } from './outbox-store';
export type { ServerSpeechDeps } from './live-speech';

/** What the live screen reads: the session's view and the turn controller's state. */
export interface LiveSnapshot extends SessionView {
  turn: TurnState;
  /** The server recognises the candidate's speech (any browser with a microphone can speak). */
  serverRecognition: boolean;
}

/** The socket side, as LiveChannel offers it (tests may pass another). */
export interface Channel {
  connect(): void;
  send(frame: Parameters<LiveChannel['send']>[0]): boolean;
  /** One utterance for server recognition (a binary frame). */
  sendUtterance?(header: UtteranceHeader, wav: Uint8Array): boolean;
  close(): void;
}

export interface LiveSessionDeps {
  interviewId: string;
  clock: ClockLike;
  /** Recognition, speech, language and the recording stage of the turn controller. */
  turns: Pick<TurnDeps, 'createRecognition' | 'speaker' | 'language' | 'recorder' | 'patience'>;
  /**
   * Keeps an answer's audio once the server stored the answer (its `ack`): recording.ts's
   * uploadRecording in the browser. A failure is logged and the interview carries on.
   */
  keepRecording?: (answerId: string, audio: RecordedAnswer) => Promise<unknown>;
  navigate(to: string): void;
  /** Ends the attempt through the REST API, when the live channel cannot. */
  endViaRest(early: boolean): Promise<EndResult>;
  /** The server closed the channel because the session ended: is there one again? */
  checkSession(): Promise<boolean>;
  newId?: () => string;
  store?: OutboxStore | null;
  channel?: (events: ChannelEvents) => Channel;
  /** Server recognition and voice, used when the server says it does them. */
  speech?: ServerSpeechDeps;
}

/**
 * Runs the live session of one attempt (`step` in session.ts) against the real world: the
 * channel, the turn controller, the clock's timers, navigation and the REST API. It keeps the
 * outbox in storage, so answers not yet confirmed survive a reload (the server stores each id
 * once). Screens subscribe to its snapshot (useSyncExternalStore).
 */
export class LiveSession {
  private state: SessionState;
  private turnState: TurnState = INITIAL_TURN_STATE;
  private snapshot: LiveSnapshot;
  private readonly turns: TurnController;
  private readonly channel: Channel;
  private readonly timers = new Map<TimerName, unknown>();
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  /** The attempt's interviewer is demanding (its `state`): a two-minute answer is cut off. */
  private demanding = false;
  private readonly recordings: AnswerRecordings;
  private readonly speech: LiveSpeech;

  constructor(private readonly deps: LiveSessionDeps) {
    this.state = initialSession(deps.interviewId, restoreOutbox(deps.store, deps.interviewId));
    const newId = deps.newId ?? (() => crypto.randomUUID());
    this.recordings = new AnswerRecordings(deps.keepRecording);
    this.speech = new LiveSpeech({
      speech: deps.speech,
      browserSpeaker: deps.turns.speaker,
      clock: deps.clock,
      newId,
      sendUtterance: (header, wav) => this.channel.sendUtterance?.(header, wav) ?? false,
    });
    this.snapshot = this.view();
    this.turns = new TurnController({
      ...deps.turns,
      maxAnswerMs: () => (this.demanding ? DEMANDING_RAMBLE_SECONDS * 1000 : null),
      // Nothing is recorded until the server said this attempt keeps recordings (its `state`).
      recorder: this.recordings.gate(deps.turns.recorder),
      speaker: this.speech.speaker,
      createRecogniser: this.speech.createRecogniser,
      clock: deps.clock,
      onAnswer: (text, meta, audio, continues) => {
        const id = newId();
        this.recordings.sent(id, audio);
        this.dispatch({ type: 'answer', id, text, meta, ...(continues ? { continues } : {}) });
      },
      onChange: (turn) => {
        this.turnState = turn;
        this.changed();
      },
      onInterrupted: (heard) => this.dispatch({ type: 'interrupted', heard }),
    });
    const events: ChannelEvents = {
      onFrame: (frame) => {
        if (frame.type === 'state') {
          this.recordings.keeps = frame.interview.keepRecordings;
          this.demanding = frame.interview.interviewerStyle === 'demanding';
        }
        this.dispatch({ type: 'frame', frame });
        if (frame.type === 'ack') this.recordings.stored(frame.id);
        // An answer whose ack was lost with the connection is confirmed by the conversation.
        if (frame.type === 'state') for (const m of frame.messages) this.recordings.stored(m.id);
      },
      onStatus: (status) => this.dispatch({ type: 'status', status }),
      onStopped: (reason) => this.dispatch({ type: 'stopped', reason }),
      onAudio: (header, bytes) => this.speech.onAudio(header.replyId, header.index, bytes),
    };
    this.channel = deps.channel
      ? deps.channel(events)
      : new LiveChannel(deps.interviewId, events, deps.clock, Boolean(deps.speech));
  }

  start() {
    this.turns.start();
    this.channel.connect();
  }

  dispose() {
    this.disposed = true;
    for (const timer of this.timers.values()) this.deps.clock.clearTimeout(timer);
    this.timers.clear();
    this.channel.close();
    this.turns.dispose();
    this.listeners.clear();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): LiveSnapshot => this.snapshot;

  // ----- what the candidate does -----------------------------------------------------------------

  enableMic = () => this.turns.enableMic();
  disableMic = () => this.turns.disableMic();
  setThinking = (on: boolean) => this.turns.setThinking(on);
  /** Typing in the code editor holds back the silence rule (coding questions). */
  noteTyping = () => this.turns.noteTyping();
  /** Skip: the voice stops at once; the server hears what was heard (`interrupt`). */
  stopInterviewer = () => this.turns.stopInterviewer();
  sendTyped = (text: string): TypedResult => this.turns.sendTyped(text);
  sendHeldBack = () => this.turns.sendHeldBack();
  discardHeldBack = () => this.turns.discardHeldBack();
  end = (early: boolean) => this.dispatch({ type: 'end', early });
  /** Back to the interview from the confirmation or a failure to end. */
  back = () => this.dispatch({ type: 'back' });

  // ----- the machine -------------------------------------------------------------------------

  /**
   * One input through the state machine, then its commands in order. Commands may feed inputs
   * back (End sends the words said so far as an answer); those run at once, on the state already
   * updated, so the answer frame goes before the `end` frame.
   */
  dispatch(input: SessionInput) {
    if (this.disposed) return;
    const before = this.state;
    const { state, commands } = step(before, input, this.deps.clock.now());
    this.state = state;
    if (state.outbox !== before.outbox)
      keepOutbox(this.deps.store, this.deps.interviewId, state.outbox);
    if (state !== before) this.changed();
    for (const command of commands) this.run(command);
  }

  private run(command: SessionCommand) {
    if (this.disposed) return;
    switch (command.type) {
      case 'send':
        if (!this.channel.send(command.frame) && command.orElse) this.dispatch(command.orElse);
        return;
      case 'speech':
        this.speak(command.command);
        return;
      case 'timer': {
        this.deps.clock.clearTimeout(this.timers.get(command.name));
        const name = command.name;
        const ms = Math.max(0, command.at - this.deps.clock.now());
        this.timers.set(
          name,
          this.deps.clock.setTimeout(() => {
            this.timers.delete(name);
            this.dispatch({ type: 'timer', name });
          }, ms),
        );
        return;
      }
      case 'clear-timer':
        this.deps.clock.clearTimeout(this.timers.get(command.name));
        this.timers.delete(command.name);
        return;
      case 'navigate':
        this.deps.navigate(command.to);
        return;
      case 'end-via-rest':
        void this.deps
          .endViaRest(command.early)
          .then((result) => this.dispatch({ type: 'end-result', result }));
        return;
      case 'check-session':
        // No session: the sign-in screen takes over (returning here after); a new one in this
        // browser (the password was changed here), and the channel opens again with it.
        this.deps
          .checkSession()
          .then((signedIn) => {
            if (signedIn && !this.disposed) this.channel.connect();
          })
          .catch(() => this.dispatch({ type: 'status', status: 'error' }));
        return;
      case 'close-channel':
        this.channel.close();
        return;
      case 'voice':
        this.voice(command);
        return;
    }
  }

  /** Server speech: the modes from `state`, transcripts to the recogniser, voice to the speaker. */
  private voice(command: Extract<SessionCommand, { type: 'voice' }>) {
    if (command.modes) {
      this.speech.useModes(command.modes);
      this.changed();
    }
    if (command.frame) this.speech.onFrame(command.frame);
  }

  private speak(command: SpeechCommand) {
    const turns = this.turns;
    switch (command.type) {
      case 'reply-started':
        return turns.replyStarted();
      case 'reply-delta':
        return turns.replyDelta(command.text);
      case 'reply-ended':
        return turns.replyEnded(command.text);
      case 'say':
        return turns.say(command.text);
      case 'expect-reply':
        return turns.expectReply();
      case 'resume':
        return turns.resume();
      case 'flush':
        return void turns.flush();
      case 'end-turns':
        return void turns.end();
      case 'mic-off':
        return turns.disableMic();
    }
  }

  private view(): LiveSnapshot {
    return {
      ...sessionView(this.state),
      turn: this.turnState,
      serverRecognition: this.speech.serverRecognition,
    };
  }

  private changed() {
    this.snapshot = this.view();
    for (const listener of this.listeners) listener();
  }
}
