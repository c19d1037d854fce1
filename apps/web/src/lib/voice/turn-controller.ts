import {
  VOICE,
  asksForTimeToThink,
  filterCandidateSpeech,
  isInterviewerEcho,
} from '@candor/shared';
import { SpeechOutput } from './speech-output';
import type {
  AnswerMeta,
  ClockLike,
  RecognitionEventLike,
  RecognitionLike,
  SpeakerLike,
  SpeechOutcome,
} from './types';

export type Phase = 'idle' | 'listening' | 'waiting' | 'speaking';

export interface TurnState {
  /** The candidate wants the microphone on (the floating toggle). */
  micEnabled: boolean;
  /** The recogniser is running and what it hears is the candidate's answer. */
  recording: boolean;
  /** The recogniser listens over the interviewer, only to notice the candidate interrupting. */
  bargeIn: boolean;
  phase: Phase;
  /** Words being recognised, not final yet. */
  interim: string;
  /** Final words not sent yet. */
  pending: string;
  thinking: boolean;
  error: string | null;
}

export const INITIAL_TURN_STATE: TurnState = {
  micEnabled: false,
  recording: false,
  bargeIn: false,
  phase: 'idle',
  interim: '',
  pending: '',
  thinking: false,
  error: null,
};

export interface TurnDeps {
  createRecognition: () => RecognitionLike | null;
  speaker: SpeakerLike;
  clock: ClockLike;
  language: string;
  /** A validated answer to send to the server. */
  onAnswer: (text: string, meta: AnswerMeta) => void;
  onChange: (state: TurnState) => void;
  /** The interviewer was cut off; `heard` is what the candidate actually heard of the reply. */
  onInterrupted?: (heard: string) => void;
}

type Listening = 'off' | 'answer' | 'barge-in';

/** Why recognition stopped for good, in the candidate's words. */
function recognitionStoppedMessage(error: string): string {
  switch (error) {
    case 'no-speech':
      return 'No speech was heard for a while, so the microphone was turned off. Turn it back on when you are ready.';
    case 'audio-capture':
      return 'No microphone could be used. Check that one is connected, then turn the mic back on.';
    case 'network':
      return 'Speech recognition needs a network connection in this browser. You can type your answers instead.';
    case 'language-not-supported':
      return 'This browser cannot recognise the chosen language. Pick another one or type your answers.';
    default:
      return `Speech recognition stopped (${error}). Turn the mic back on or type your answers.`;
  }
}

/**
 * The turn-taking pipeline of a spoken interview, as small stages:
 * recognition → candidate speech filter → silence turn detection → send; the interviewer's
 * streamed reply → sentence-by-sentence speech (SpeechOutput) → mic back. Speech from the candidate
 * while the interviewer is audible interrupts it (barge-in). No React and no browser globals:
 * recognition, speech and time are injected, so tests push scripted events through it.
 */
export class TurnController {
  private state: TurnState = INITIAL_TURN_STATE;
  private recognition: RecognitionLike | null = null;
  private listening: Listening = 'off';
  /** Recognition errors in a row; a recognised word resets it. */
  private errors = 0;
  private lastSpeechAt = 0;
  private utteranceStartedAt: number | null = null;
  private lastInterviewerEndAt = 0;
  private lastInterviewerMessage = '';
  /** The reply being spoken, as streamed so far (barge-in compares what is heard with it). */
  private replyText = '';
  private thinkingSince = 0;
  private segments: NonNullable<AnswerMeta['segments']> = [];
  private confidences: number[] = [];
  private ticker: unknown = null;
  private restartTimer: unknown = null;
  private stopped = false;
  private readonly output: SpeechOutput;

  constructor(private readonly deps: TurnDeps) {
    this.output = new SpeechOutput(deps.speaker, {
      onAudible: () => this.onInterviewerAudible(),
      onFinished: (how) => this.onInterviewerFinished(how),
    });
  }

  get snapshot(): TurnState {
    return this.state;
  }

  private set(patch: Partial<TurnState>) {
    this.state = { ...this.state, ...patch };
    this.deps.onChange(this.state);
  }

  start() {
    this.ticker = this.deps.clock.setInterval(() => this.checkSilence(), VOICE.silenceCheckEveryMs);
  }

  dispose() {
    this.stopped = true;
    this.deps.clock.clearInterval(this.ticker);
    this.stopRecognition();
    this.output.dispose();
  }

  // ----- the microphone ------------------------------------------------------------------------

  enableMic() {
    this.errors = 0;
    this.set({ micEnabled: true, error: null });
    if (this.state.phase === 'idle' || this.state.phase === 'listening')
      this.startRecognition('answer');
    else if (this.state.phase === 'speaking' && this.output.heard)
      this.startRecognition('barge-in');
  }

  disableMic() {
    this.set({ micEnabled: false });
    this.stopRecognition();
  }

  /** Pause silence auto-send until the candidate speaks again (capped). */
  setThinking(on: boolean) {
    this.thinkingSince = on ? this.deps.clock.now() : 0;
    this.set({ thinking: on });
  }

  private startRecognition(mode: 'answer' | 'barge-in') {
    if (this.stopped || !this.state.micEnabled) return;
    if (this.listening !== 'off') {
      // Already running: only what the words mean changes.
      this.listening = mode;
      this.set({
        recording: mode === 'answer',
        bargeIn: mode === 'barge-in',
        phase: mode === 'answer' ? 'listening' : this.state.phase,
      });
      return;
    }
    // A fresh recogniser each time: a stopped one may still deliver a late `end` or result.
    const rec = this.deps.createRecognition();
    if (!rec) {
      this.set({ micEnabled: false, error: 'Speech recognition not supported' });
      return;
    }
    this.recognition = rec;
    rec.lang = this.deps.language;
    rec.continuous = true;
    rec.interimResults = true;
    rec.maxAlternatives = 1;
    rec.onresult = (e) => this.onResult(e);
    rec.onerror = (e) => this.onError(e.error);
    rec.onend = () => this.onEnd();
    try {
      rec.start();
    } catch {
      // Already started (a late `end`): it is running, which is what we want.
    }
    this.listening = mode;
    this.set({
      recording: mode === 'answer',
      bargeIn: mode === 'barge-in',
      phase: mode === 'answer' ? 'listening' : this.state.phase,
    });
  }

  private stopRecognition() {
    this.cancelRestart();
    const wasRunning = this.listening !== 'off';
    this.listening = 'off';
    this.utteranceStartedAt = null;
    const rec = this.recognition;
    if (rec && wasRunning) {
      rec.onresult = null;
      rec.onerror = null;
      rec.onend = null;
      try {
        rec.abort();
      } catch {
        // not running
      }
    }
    this.set({
      recording: false,
      bargeIn: false,
      interim: '',
      phase: this.state.phase === 'listening' ? 'idle' : this.state.phase,
    });
  }

  private cancelRestart() {
    this.deps.clock.clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  /** Restarts in whichever mode fits the moment it fires: answer when idle, barge-in when heard. */
  private scheduleRestart(ms: number) {
    this.cancelRestart();
    this.restartTimer = this.deps.clock.setTimeout(() => {
      this.restartTimer = null;
      if (this.state.phase === 'idle' || this.state.phase === 'listening')
        this.startRecognition('answer');
      else if (this.state.phase === 'speaking' && this.output.heard)
        this.startRecognition('barge-in');
    }, ms);
  }

  private onResult(e: RecognitionEventLike) {
    if (this.listening === 'off') return; // a late result after abort()
    const now = this.deps.clock.now();
    let interim = '';
    const finals: { text: string; confidence: number }[] = [];
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i];
      const alt = result?.[0];
      if (!result || !alt) continue;
      if (result.isFinal) {
        const text = alt.transcript.trim();
        if (text) finals.push({ text, confidence: alt.confidence });
      } else interim += alt.transcript;
    }
    const heard = [...finals.map((f) => f.text), interim].join(' ').trim();
    if (!heard) return;
    this.errors = 0;

    if (this.listening === 'barge-in') {
      // Over the interviewer: their own voice coming back is ignored; the candidate's cuts them off.
      const words = heard.split(/\s+/).length;
      if (words < VOICE.bargeInMinWords || isInterviewerEcho(heard, this.replyText)) return;
      this.bargeIn();
    }

    for (const f of finals) {
      this.segments.push({ text: f.text, startMs: this.utteranceStartedAt ?? now, endMs: now });
      this.confidences.push(f.confidence);
      this.utteranceStartedAt = null;
      this.set({ pending: `${this.state.pending} ${f.text}`.trim() });
      if (asksForTimeToThink(f.text)) this.setThinking(true);
      else if (this.state.thinking) this.setThinking(false);
    }
    // The next utterance starts with its first interim words.
    if (interim.trim()) this.utteranceStartedAt ??= now;
    this.lastSpeechAt = now;
    this.set({ interim: interim.trim() });
  }

  private onError(error: string) {
    // abort() reports 'aborted': that is us stopping it, not a failure.
    if (error === 'aborted') return;
    if (error === 'not-allowed' || error === 'service-not-allowed') {
      this.listening = 'off';
      this.set({
        micEnabled: false,
        recording: false,
        bargeIn: false,
        error: 'Microphone permission denied',
      });
      return;
    }
    // Silence while the candidate asked for time to think is expected, not a failure.
    if (!(error === 'no-speech' && this.state.thinking)) this.errors += 1;
    const recoverable = error === 'no-speech' || error === 'audio-capture';
    const mode = this.listening;
    this.listening = 'off';
    this.set({ recording: false, bargeIn: false });
    if (recoverable && this.errors < VOICE.maxRecognitionErrors && mode !== 'off') {
      this.scheduleRestart(VOICE.restartAfterRecognitionErrorMs);
    } else {
      this.cancelRestart();
      this.set({
        micEnabled: false,
        phase: this.state.phase === 'listening' ? 'idle' : this.state.phase,
        error: recognitionStoppedMessage(error),
      });
    }
  }

  private onEnd() {
    const mode = this.listening;
    this.listening = 'off';
    this.set({ recording: false, bargeIn: false });
    // After an error a restart is already scheduled with its own delay.
    if (this.stopped || mode === 'off' || this.restartTimer !== null || !this.state.micEnabled)
      return;
    this.scheduleRestart(VOICE.recogniserRestartMs);
  }

  // ----- turn detection ------------------------------------------------------------------------

  private checkSilence() {
    const now = this.deps.clock.now();
    if (this.state.thinking && now - this.thinkingSince > VOICE.thinkingCapMs)
      this.setThinking(false);
    const text = this.state.pending;
    if (!text || this.state.thinking) return;
    if (this.state.phase === 'speaking' || this.state.phase === 'waiting') return;
    if (now - this.lastSpeechAt <= VOICE.silenceBeforeSendMs) return;
    if (now - this.lastInterviewerEndAt <= VOICE.guardAfterInterviewerMs) {
      this.discardPending();
      return;
    }
    if (!filterCandidateSpeech(text, this.lastInterviewerMessage).accept) {
      this.discardPending();
      return;
    }
    this.sendAnswer(text);
  }

  /** A typed answer: sent at once, in the candidate's own words (no speech filter). */
  sendTyped(text: string): boolean {
    const t = text.trim();
    if (!t || this.state.phase === 'waiting' || this.state.phase === 'speaking') return false;
    this.discardPending();
    this.stopRecognition();
    this.set({ phase: 'waiting', thinking: false });
    this.deps.onAnswer(t, { mode: 'typed' });
    return true;
  }

  private sendAnswer(text: string) {
    const meta: AnswerMeta = {
      mode: 'voice',
      confidence: this.confidences.length
        ? this.confidences.reduce((a, b) => a + b, 0) / this.confidences.length
        : undefined,
      startedAt: this.segments[0]?.startMs,
      endedAt: this.segments.at(-1)?.endMs,
      segments: this.segments.slice(0, 500),
    };
    this.discardPending();
    this.stopRecognition();
    this.set({ phase: 'waiting' });
    this.deps.onAnswer(text, meta);
  }

  private discardPending() {
    this.segments = [];
    this.confidences = [];
    this.utteranceStartedAt = null;
    this.set({ pending: '', interim: '' });
  }

  /** The interviewer is about to speak (the introduction, or a reply still owed): do not listen. */
  expectReply() {
    if (this.state.phase === 'speaking') return;
    this.stopRecognition();
    this.set({ phase: 'waiting' });
  }

  /** Nothing to wait for any more (the reply is known, or none will come): the candidate speaks. */
  resume() {
    if (this.state.phase !== 'waiting') return;
    this.set({ phase: 'idle' });
    if (this.state.micEnabled) this.scheduleRestart(VOICE.micBackAfterManualStopMs);
  }

  // ----- the interviewer speaking --------------------------------------------------------------

  /** The server started streaming a reply: the mic goes off while the interviewer talks. */
  replyStarted() {
    // Words already recognised stay pending; the 2 s guard decides about them afterwards.
    this.stopRecognition();
    this.replyText = '';
    this.output.begin();
    this.set({ phase: 'speaking' });
  }

  replyDelta(text: string) {
    this.replyText += text;
    this.output.delta(text);
  }

  /** The stored reply (authoritative). */
  replyEnded(message: string) {
    this.lastInterviewerMessage = message;
    this.replyText = message;
    this.output.end(message);
    // A stored reply without a stream starts speaking now; one already cut off or failed does not.
    if (this.output.speaking && this.state.phase !== 'speaking') {
      this.stopRecognition();
      this.set({ phase: 'speaking' });
    }
  }

  /** Something the interviewer says that is not a streamed reply (the apology after a failure). */
  say(message: string) {
    this.replyStarted();
    this.replyEnded(message);
  }

  /** The candidate stopped the interviewer by hand: the mic is back after the short delay. */
  stopInterviewer() {
    if (this.state.phase !== 'speaking') return;
    const heard = this.output.interrupt();
    this.deps.onInterrupted?.(heard);
    this.afterInterviewer(VOICE.micBackAfterManualStopMs);
  }

  private onInterviewerAudible() {
    // Listen over the voice only once it really plays: a barge-in needs something to interrupt.
    if (this.state.micEnabled && this.state.phase === 'speaking') this.startRecognition('barge-in');
  }

  private bargeIn() {
    const heard = this.output.interrupt();
    this.deps.onInterrupted?.(heard);
    this.lastInterviewerEndAt = this.deps.clock.now();
    this.listening = 'answer';
    this.set({ phase: 'listening', recording: true, bargeIn: false });
  }

  private onInterviewerFinished(how: SpeechOutcome) {
    if (how === 'interrupted') {
      // The browser cut the voice off (not the candidate): carry on as after a manual stop.
      this.deps.onInterrupted?.(this.output.heardSoFar());
      this.afterInterviewer(VOICE.micBackAfterManualStopMs);
    } else
      this.afterInterviewer(
        how === 'error' ? VOICE.micBackAfterSpeechErrorMs : VOICE.micBackAfterSpeechMs,
      );
  }

  private afterInterviewer(micBackMs: number) {
    this.stopRecognition();
    this.lastInterviewerEndAt = this.deps.clock.now();
    this.set({ phase: 'idle' });
    if (this.state.micEnabled) this.scheduleRestart(micBackMs);
  }
}
