import { VOICE, pcm16FromFloat32, wavFromPcm16, type ServerFrame } from '@candor/shared';
import { microphoneRefused } from './microphone';
import {
  NO_MICROPHONE,
  PERMISSION_DENIED,
  type ListenMode,
  type RecogniserEvent,
} from './recogniser';
import type { ClockLike } from './types';

/**
 * Server recognition (STT_PROVIDER=openai, decision 022): a voice-activity detector in the page
 * finds each utterance; its audio goes to the server over the live channel; the server's
 * `transcript` frames come back as the recogniser's words. The turn controller cannot tell it
 * from the browser's recogniser, so the same filter and end-of-turn rules apply (decision 037,
 * time to think), and barge-in comes from the detector's speech start.
 */

/** What the detector tells (the 16 kHz audio of each utterance at its end). */
export interface DetectorEvents {
  onSpeechStart(): void;
  /** Speech long enough not to be a click or a cough: the candidate is talking. */
  onSpeechConfirmed(): void;
  onSpeechEnd(audio: Float32Array): void;
  /** What started was too short to be speech. */
  onMisfire(): void;
}

export interface DetectorLike {
  /** Opens the microphone and listens; rejects when it cannot (permission, no device). */
  start(): Promise<void>;
  pause(): void;
}

export interface ServerRecogniserDeps {
  createDetector: (events: DetectorEvents) => DetectorLike;
  /** Sends one utterance; false when the channel is not open (the words are lost: say so). */
  sendUtterance: (id: string, wav: Uint8Array, startedAt: number, endedAt: number) => boolean;
  onEvent: (event: RecogniserEvent) => void;
  clock: ClockLike;
  newId: () => string;
}

/** The detector's sample rate. */
const DETECTOR_RATE = 16_000;

export const NOT_SENT =
  'That answer could not reach the server (the connection dropped). Please say it again, or type it.';

export class ServerRecogniser {
  private detector: DetectorLike | null = null;
  private listening: ListenMode | null = null;
  private started = false;
  private speaking = false;
  private speechStartedAt = 0;
  /**
   * Utterances sent and not yet transcribed, with when their speech ended: the detector's end
   * came VOICE.vadRedemptionMs of silence after the last word.
   */
  private readonly pending = new Map<string, number>();

  constructor(private readonly deps: ServerRecogniserDeps) {}

  get mode(): ListenMode | null {
    return this.listening;
  }

  get live(): boolean {
    return this.listening !== null && this.started;
  }

  resetErrors() {}

  start(mode: ListenMode): boolean {
    if (this.listening) {
      this.setMode(mode);
      return true;
    }
    this.detector ??= this.deps.createDetector({
      onSpeechStart: () => this.onSpeechStart(),
      onSpeechConfirmed: () => {
        if (this.listening) this.deps.onEvent({ type: 'speech-start' });
      },
      onSpeechEnd: (audio) => this.onSpeechEnd(audio),
      onMisfire: () => {
        this.speaking = false;
        this.hearing();
      },
    });
    const detector = this.detector;
    this.setMode(mode);
    // Already open (a later turn): it starts again at once (a resolved start).
    detector.start().then(
      () => {
        if (this.detector !== detector || !this.listening || this.started) return;
        this.started = true;
        this.deps.onEvent({ type: 'mode', mode: this.listening, live: true });
      },
      (err: unknown) => {
        if (this.detector !== detector) return;
        this.setMode(null);
        // The media error's name says why (NotAllowedError: refused; NotFoundError: none).
        this.deps.onEvent(
          microphoneRefused(err)
            ? { type: 'failed', reason: 'mic-denied', message: PERMISSION_DENIED }
            : { type: 'failed', reason: 'no-microphone', message: NO_MICROPHONE },
        );
      },
    );
    return true;
  }

  /**
   * Stops listening between turns; the detector and its microphone stream stay open (what it
   * hears meanwhile is dropped), so the next turn listens at once, with no new permission prompt
   * and no start-up gap that would cut the candidate's first words.
   */
  stop() {
    this.speaking = false;
    this.setMode(null);
    this.hearing();
  }

  /** The candidate turned the microphone off: the detector lets go of it. */
  release() {
    this.stop();
    this.detector?.pause();
    this.detector = null;
  }

  /**
   * The channel was connected again (a `state` came): utterances sent on the old socket will
   * never be transcribed (the server stopped with it). The candidate is told to say them again.
   */
  reconnected() {
    if (this.pending.size === 0) return;
    this.pending.clear();
    this.deps.onEvent({ type: 'notice', message: NOT_SENT });
    this.hearing();
  }

  /** `transcript` and `transcript.failed` frames from the live channel. */
  onFrame(frame: Extract<ServerFrame, { type: 'transcript' | 'transcript.failed' }>) {
    if (!this.pending.has(frame.id)) return;
    if (frame.type === 'transcript.failed') {
      this.pending.delete(frame.id);
      this.deps.onEvent({ type: 'notice', message: frame.message });
      this.hearing();
      return;
    }
    // The candidate has been silent since their last word, whatever the detector and the
    // transcription took: that silence counts toward the end-of-turn wait.
    const saidUntil = this.pending.get(frame.id)! - VOICE.vadRedemptionMs;
    if (!frame.final) {
      if (frame.text.trim())
        this.deps.onEvent({ type: 'words', finals: [], interim: frame.text, saidUntil });
      return;
    }
    this.pending.delete(frame.id);
    const text = frame.text.trim();
    // The words are the candidate's whatever the mode now: nothing said is lost.
    this.deps.onEvent({
      type: 'words',
      finals: text ? [{ text, confidence: null }] : [],
      interim: '',
      saidUntil,
    });
    this.hearing();
  }

  private setMode(mode: ListenMode | null) {
    if (this.listening === mode) return;
    this.listening = mode;
    if (mode === null) this.started = false;
    this.deps.onEvent({ type: 'mode', mode, live: this.live });
  }

  private onSpeechStart() {
    if (!this.listening) return;
    this.speaking = true;
    this.speechStartedAt = this.deps.clock.now();
    this.hearing();
  }

  private onSpeechEnd(audio: Float32Array) {
    this.speaking = false;
    if (!this.listening) {
      this.hearing();
      return;
    }
    const id = this.deps.newId();
    const wav = wavFromPcm16(pcm16FromFloat32(audio), DETECTOR_RATE);
    // The answer's recording is not built from these utterances: the MediaRecorder stage
    // (answer-recorder.ts) records the whole answer in this mode too (it starts on our `mode`
    // event), pauses included, and uploads it once the answer is acknowledged.
    const endedAt = this.deps.clock.now();
    if (this.deps.sendUtterance(id, wav, this.speechStartedAt, endedAt)) {
      this.pending.set(id, endedAt);
    } else {
      this.deps.onEvent({ type: 'notice', message: NOT_SENT });
    }
    this.hearing();
  }

  /** Speech is being said or transcribed: the turn controller does not count it as silence. */
  private hearing() {
    this.deps.onEvent({ type: 'hearing', on: this.speaking || this.pending.size > 0 });
  }
}
