import { VOICE, type SpeechModes, type UtteranceHeader } from '@candor/shared';
import { Recogniser, type RecogniserDeps, type RecogniserLike } from '../voice/recogniser';
import {
  ServerRecogniser,
  type DetectorEvents,
  type DetectorLike,
} from '../voice/server-recogniser';
import { ServerSpeaker, type PcmPlayer } from '../voice/server-speaker';
import type { ClockLike, SpeakerLike } from '../voice/types';
import type { VoiceFrame } from './session-state';

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

/**
 * Who recognises and who speaks in this page, as the server's last `state` said: the browser
 * (Web Speech), or the server (its transcripts and its voice, with the browser's voice for any
 * sentence the server did not voice). Without server speech it is the browser's, always.
 */
export class LiveSpeech {
  /** The voice the turn controller speaks with. */
  readonly speaker: SpeakerLike;
  private readonly serverSpeaker: ServerSpeaker | null = null;
  private serverRecogniser: ServerRecogniser | null = null;
  private modes: SpeechModes = { recognition: 'browser', voice: 'browser' };

  constructor(
    private readonly deps: {
      speech?: ServerSpeechDeps;
      browserSpeaker: SpeakerLike;
      clock: ClockLike;
      newId: () => string;
      /** Sends one utterance for server recognition (false: the channel is not open). */
      sendUtterance: (header: UtteranceHeader, wav: Uint8Array) => boolean;
    },
  ) {
    const speech = deps.speech;
    if (speech) {
      this.serverSpeaker = new ServerSpeaker({
        player: speech.player,
        fallback: deps.browserSpeaker,
        waitMs: speech.voiceWaitMs ?? VOICE.serverVoiceWaitMs,
        setTimeout: (fn, ms) => deps.clock.setTimeout(fn, ms),
        clearTimeout: (id) => deps.clock.clearTimeout(id),
      });
    }
    this.speaker = this.serverSpeaker ?? deps.browserSpeaker;
  }

  /** The server recognises the candidate's speech (as the last `state` said). */
  get serverRecognition(): boolean {
    return this.modes.recognition === 'server';
  }

  /** The turn controller's recogniser; absent without server speech (the browser's, then). */
  get createRecogniser(): ((deps: RecogniserDeps) => RecogniserLike) | undefined {
    const speech = this.deps.speech;
    if (!speech) return undefined;
    return (recogniserDeps) => {
      this.serverRecogniser = new ServerRecogniser({
        createDetector: speech.createDetector,
        sendUtterance: (id, wav, startedAt, endedAt) =>
          this.deps.sendUtterance(
            { type: 'utterance', id, mimeType: 'audio/wav', startedAt, endedAt },
            wav,
          ),
        onEvent: recogniserDeps.onEvent,
        clock: this.deps.clock,
        newId: this.deps.newId,
      });
      return new EitherRecogniser(
        new Recogniser(recogniserDeps),
        this.serverRecogniser,
        () => this.serverRecognition,
      );
    };
  }

  /** The modes of a `state` frame: every `state` begins a connection. */
  useModes(modes: SpeechModes) {
    // Transcripts owed on an earlier connection will not come.
    this.serverRecogniser?.reconnected();
    this.modes = modes;
    if (this.serverSpeaker) this.serverSpeaker.enabled = modes.voice === 'server';
  }

  /** Transcripts to the recogniser, the voice's frames to the speaker. */
  onFrame(frame: VoiceFrame) {
    if (frame.type === 'transcript' || frame.type === 'transcript.failed') {
      this.serverRecogniser?.onFrame(frame);
    } else {
      this.serverSpeaker?.onFrame(frame);
    }
  }

  /** The pcm of one sentence of the server's voice (a binary frame). */
  onAudio(replyId: string, index: number, bytes: Uint8Array) {
    this.serverSpeaker?.onAudio(replyId, index, bytes);
  }
}
