import {
  DEMANDING_RAMBLE_SECONDS,
  VOICE,
  clientFrameSchema,
  type UtteranceHeader,
} from '@candor/shared';
import {
  Recogniser as RecogniserClass,
  type RecogniserDeps,
  type RecogniserLike,
} from '../voice/recogniser';
import {
  ServerRecogniser,
  type DetectorEvents,
  type DetectorLike,
} from '../voice/server-recogniser';
import { ServerSpeaker, type PcmPlayer } from '../voice/server-speaker';
import {
  INITIAL_TURN_STATE,
  TurnController,
  type TurnDeps,
  type TurnState,
  type TypedResult,
} from '../voice/turn-controller';
import type { RecordedAnswer } from '../voice/answer-recorder';
import type { ClockLike } from '../voice/types';
import { LiveChannel, type ChannelEvents } from './channel';
import { step } from './session';
import {
  initialSession,
  sessionView,
  type EndResult,
  type OutboxFrame,
  type SessionCommand,
  type SessionInput,
  type SessionState,
  type SessionView,
  type SpeechCommand,
  type TimerName,
} from './session-state';

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

/**
 * What server speech needs in the page (decision 022): the voice-activity detector (loaded only
 * when the server recognises) and the Web Audio player of the server's voice.
 */
export interface ServerSpeechDeps {
  createDetector: (events: DetectorEvents) => DetectorLike;
  player: PcmPlayer;
  /** How long a sentence waits for the server's voice before the browser says it. */
  voiceWaitMs?: number;
}

/** Where answers not yet confirmed are kept for a reload (sessionStorage in the browser). */
export type OutboxStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LiveSessionDeps {
  interviewId: string;
  clock: ClockLike;
  /** Recognition, speech, language and the recording stage of the turn controller. */
  turns: Pick<TurnDeps, 'createRecognition' | 'speaker' | 'language' | 'recorder'>;
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
 * The browser's recogniser, or the server's when the `state` frame said the server recognises:
 * chosen each time listening starts (the modes come with the first `state`).
 */
class EitherRecogniser implements RecogniserLike {
  private active: RecogniserLike;
  constructor(
    private readonly browser: RecogniserLike,
    private readonly server: RecogniserLike | null,
    private readonly useServer: () => boolean,
  ) {
    this.active = browser;
  }
  get mode() {
    return this.active.mode;
  }
  get live() {
    return this.active.live;
  }
  resetErrors() {
    this.active.resetErrors();
  }
  start(mode: Parameters<RecogniserLike['start']>[0]) {
    const wanted = this.server && this.useServer() ? this.server : this.browser;
    if (wanted !== this.active) {
      this.active.stop();
      this.active = wanted;
    }
    return this.active.start(mode);
  }
  stop() {
    this.active.stop();
  }
  release() {
    this.active.release?.();
  }
}

const outboxKey = (interviewId: string) => `candor.outbox.${interviewId}`;

/** The outbox kept before a reload, checked frame by frame (storage is outside input). */
function restoreOutbox(store: OutboxStore | null | undefined, interviewId: string): OutboxFrame[] {
  try {
    const raw: unknown = JSON.parse(store?.getItem(outboxKey(interviewId)) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((item) => {
      const parsed = clientFrameSchema.safeParse(item);
      if (!parsed.success) return [];
      const frame = parsed.data;
      return frame.type === 'answer' || frame.type === 'interrupt' ? [frame] : [];
    });
  } catch {
    return [];
  }
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
  /** Whether the attempt keeps the audio of answers (the pre-start toggle), as the server says. */
  private keepsRecordings = false;
  /** The attempt's interviewer is demanding (its `state`): a two-minute answer is cut off. */
  private demanding = false;
  /** The audio of answers sent and not yet acknowledged, by answer id. */
  private readonly recordings = new Map<string, Promise<RecordedAnswer | null>>();
  /** Who recognises and speaks, as the last `state` said. */
  private modes = { recognition: 'browser', voice: 'browser' };
  private readonly serverSpeaker: ServerSpeaker | null = null;
  private serverRecogniser: ServerRecogniser | null = null;

  constructor(private readonly deps: LiveSessionDeps) {
    this.state = initialSession(deps.interviewId, restoreOutbox(deps.store, deps.interviewId));
    this.snapshot = this.view();
    const newId = deps.newId ?? (() => crypto.randomUUID());
    const speech = deps.speech;
    if (speech) {
      this.serverSpeaker = new ServerSpeaker({
        player: speech.player,
        fallback: deps.turns.speaker,
        waitMs: speech.voiceWaitMs ?? VOICE.serverVoiceWaitMs,
        setTimeout: (fn, ms) => deps.clock.setTimeout(fn, ms),
        clearTimeout: (id) => deps.clock.clearTimeout(id),
      });
    }
    const createRecogniser = speech
      ? (recogniserDeps: RecogniserDeps) => {
          this.serverRecogniser = new ServerRecogniser({
            createDetector: speech.createDetector,
            sendUtterance: (id, wav, startedAt, endedAt) =>
              this.channel.sendUtterance?.(
                { type: 'utterance', id, mimeType: 'audio/wav', startedAt, endedAt },
                wav,
              ) ?? false,
            onEvent: recogniserDeps.onEvent,
            clock: deps.clock,
            newId,
          });
          return new EitherRecogniser(
            new RecogniserClass(recogniserDeps),
            this.serverRecogniser,
            () => this.modes.recognition === 'server',
          );
        }
      : undefined;
    const recorder = deps.turns.recorder;
    this.turns = new TurnController({
      ...deps.turns,
      maxAnswerMs: () => (this.demanding ? DEMANDING_RAMBLE_SECONDS * 1000 : null),
      // Nothing is recorded until the server said this attempt keeps recordings (its `state`).
      recorder: recorder
        ? {
            start: () => {
              if (this.keepsRecordings) recorder.start();
            },
            pause: () => recorder.pause(),
            take: () => recorder.take(),
            discard: () => recorder.discard(),
            dispose: () => recorder.dispose(),
          }
        : null,
      speaker: this.serverSpeaker ?? deps.turns.speaker,
      createRecogniser,
      clock: deps.clock,
      onAnswer: (text, meta, audio) => {
        const id = newId();
        if (audio && deps.keepRecording) this.recordings.set(id, audio);
        this.dispatch({ type: 'answer', id, text, meta });
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
          this.keepsRecordings = frame.interview.keepRecordings;
          this.demanding = frame.interview.interviewerStyle === 'demanding';
        }
        this.dispatch({ type: 'frame', frame });
        if (frame.type === 'ack') this.uploadRecordingOf(frame.id);
        // An answer whose ack was lost with the connection is confirmed by the conversation.
        if (frame.type === 'state') for (const m of frame.messages) this.uploadRecordingOf(m.id);
      },
      onStatus: (status) => this.dispatch({ type: 'status', status }),
      onStopped: (reason) => this.dispatch({ type: 'stopped', reason }),
      onAudio: (header, bytes) => this.serverSpeaker?.onAudio(header.replyId, header.index, bytes),
    };
    this.channel = deps.channel
      ? deps.channel(events)
      : new LiveChannel(deps.interviewId, events, deps.clock, Boolean(speech));
  }

  /** The answer is stored: its audio follows (never before, so the server knows the answer). */
  private uploadRecordingOf(answerId: string) {
    const audio = this.recordings.get(answerId);
    if (!audio || !this.deps.keepRecording) return;
    this.recordings.delete(answerId);
    const keep = this.deps.keepRecording;
    void audio
      .then((recorded) => (recorded ? keep(answerId, recorded) : null))
      .catch((err: unknown) => console.warn('The recording of an answer was not kept', err));
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
    if (state.outbox !== before.outbox) this.keepOutbox();
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
      // Every `state` begins a connection: transcripts owed on an earlier one will not come.
      this.serverRecogniser?.reconnected();
      this.modes = command.modes;
      if (this.serverSpeaker) this.serverSpeaker.enabled = command.modes.voice === 'server';
      this.changed();
    }
    const frame = command.frame;
    if (!frame) return;
    if (frame.type === 'transcript' || frame.type === 'transcript.failed') {
      this.serverRecogniser?.onFrame(frame);
    } else {
      this.serverSpeaker?.onFrame(frame);
    }
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

  private keepOutbox() {
    const store = this.deps.store;
    if (!store) return;
    const key = outboxKey(this.deps.interviewId);
    try {
      if (this.state.outbox.length === 0) store.removeItem(key);
      else store.setItem(key, JSON.stringify(this.state.outbox));
    } catch {
      // Storage full or blocked: only a reload before the server confirmed loses them.
    }
  }

  private view(): LiveSnapshot {
    return {
      ...sessionView(this.state),
      turn: this.turnState,
      serverRecognition: this.modes?.recognition === 'server',
    };
  }

  private changed() {
    this.snapshot = this.view();
    for (const listener of this.listeners) listener();
  }
}
