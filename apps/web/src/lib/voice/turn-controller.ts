import {
  VOICE,
  asksForTimeToThink,
  filterCandidateSpeech,
  isInterviewerEcho,
} from '@candor/shared';
import { Recogniser, type ListenMode, type RecogniserEvent } from './recogniser';
import { SpeechOutput } from './speech-output';
import type { AnswerMeta, ClockLike, RecognitionLike, SpeakerLike, SpeechOutcome } from './types';

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

/**
 * The turn-taking pipeline of a spoken interview, as small stages: recognition (Recogniser) →
 * candidate speech filter → silence turn detection (here) → send; the interviewer's streamed
 * reply → sentence-by-sentence speech (SpeechOutput) → mic back. Speech from the candidate
 * while the interviewer is audible interrupts it (barge-in). No React and no browser globals:
 * recognition, speech and time are injected, so tests push scripted events through it.
 */
export class TurnController {
  private state: TurnState = INITIAL_TURN_STATE;
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
  private stopped = false;
  private readonly output: SpeechOutput;
  private readonly recogniser: Recogniser;

  constructor(private readonly deps: TurnDeps) {
    this.recogniser = new Recogniser({
      createRecognition: deps.createRecognition,
      clock: deps.clock,
      language: deps.language,
      onEvent: (e) => this.onRecognition(e),
      restartMode: () => this.listenModeNow(),
      silenceExpected: () => this.state.thinking,
    });
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
    this.recogniser.resetErrors();
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

  /** Answer when the floor is the candidate's; barge-in while the interviewer is audible. */
  private listenModeNow(): ListenMode | null {
    if (this.stopped || !this.state.micEnabled) return null;
    if (this.state.phase === 'idle' || this.state.phase === 'listening') return 'answer';
    if (this.state.phase === 'speaking' && this.output.heard) return 'barge-in';
    return null;
  }

  private startRecognition(mode: ListenMode) {
    if (this.stopped || !this.state.micEnabled) return;
    this.recogniser.start(mode);
  }

  private stopRecognition() {
    this.utteranceStartedAt = null;
    this.recogniser.stop();
    this.set({ interim: '' });
  }

  private scheduleRestart(ms: number) {
    this.recogniser.restartIn(ms);
  }

  private onRecognition(e: RecogniserEvent) {
    switch (e.type) {
      case 'mode':
        this.set({
          recording: e.mode === 'answer',
          bargeIn: e.mode === 'barge-in',
          phase:
            e.mode === 'answer'
              ? 'listening'
              : this.state.phase === 'listening'
                ? 'idle'
                : this.state.phase,
        });
        break;
      case 'failed':
        this.set({ micEnabled: false, error: e.message });
        break;
      case 'words':
        this.onWords(e.finals, e.interim);
        break;
    }
  }

  private onWords(finals: { text: string; confidence: number }[], interim: string) {
    const now = this.deps.clock.now();
    if (this.recogniser.mode === 'barge-in') {
      // Over the interviewer: their own voice coming back is ignored; the candidate's cuts them off.
      const heard = [...finals.map((f) => f.text), interim].join(' ').trim();
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
    if (interim) this.utteranceStartedAt ??= now;
    this.lastSpeechAt = now;
    this.set({ interim });
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
    this.set({ phase: 'idle' });
    this.recogniser.start('answer');
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
