import { VOICE, asksForTimeToThink, filterCandidateSpeech, takeSentences } from '@candor/shared';
import type {
  AnswerMeta,
  ClockLike,
  RecognitionEventLike,
  RecognitionLike,
  SpeakerLike,
  SpeechHandle,
} from './types';

export type Phase = 'idle' | 'listening' | 'waiting' | 'speaking';

export interface TurnState {
  /** The candidate wants the microphone on (the floating toggle). */
  micEnabled: boolean;
  /** The recogniser is running now. */
  recording: boolean;
  phase: Phase;
  /** Words being recognised, not final yet. */
  interim: string;
  /** Final words not sent yet. */
  pending: string;
  thinking: boolean;
  error: string | null;
}

export interface TurnDeps {
  createRecognition: () => RecognitionLike | null;
  speaker: SpeakerLike;
  clock: ClockLike;
  language: string;
  /** A validated answer to send to the server. */
  onAnswer: (text: string, meta: AnswerMeta) => void;
  onChange: (state: TurnState) => void;
}

function takeSentencesAll(text: string): string[] {
  const { sentences, rest } = takeSentences(`${text} `);
  return rest.trim() ? [...sentences, rest.trim()] : sentences;
}

/**
 * The turn-taking pipeline of a spoken interview: recognition → speech filter → silence turn
 * detection → send; the interviewer's streamed reply → sentence-by-sentence speech → mic back.
 * No React and no browser globals: recognition, speech and time are injected.
 */
export class TurnController {
  private state: TurnState = {
    micEnabled: false,
    recording: false,
    phase: 'idle',
    interim: '',
    pending: '',
    thinking: false,
    error: null,
  };
  private recognition: RecognitionLike | null = null;
  private errors = 0;
  private lastSpeechAt = 0;
  private lastInterviewerEndAt = 0;
  private lastInterviewerMessage = '';
  private thinkingSince = 0;
  private segments: NonNullable<AnswerMeta['segments']> = [];
  private confidences: number[] = [];
  private ticker: unknown = null;
  private restartTimer: unknown = null;
  // The interviewer's reply: sentences waiting to be spoken, and what is being spoken.
  private speechBuffer = '';
  private streamed = '';
  private spokeAny = false;
  private speechQueue: string[] = [];
  private speaking: SpeechHandle | null = null;
  private replyOpen = false;
  private stopped = false;

  constructor(private readonly deps: TurnDeps) {}

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
    this.deps.clock.clearTimeout(this.restartTimer);
    this.stopRecognition();
    this.deps.speaker.cancel();
  }

  // ----- the microphone ------------------------------------------------------------------------

  enableMic() {
    this.set({ micEnabled: true, error: null });
    this.errors = 0;
    if (this.state.phase !== 'speaking' && this.state.phase !== 'waiting') this.startRecognition();
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

  private startRecognition() {
    if (this.stopped || this.state.recording || !this.state.micEnabled) return;
    const rec = this.recognition ?? this.deps.createRecognition();
    if (!rec) {
      this.set({ error: 'Speech recognition not supported' });
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
      this.set({ recording: true, phase: 'listening' });
    } catch {
      // already started
    }
  }

  private stopRecognition() {
    this.deps.clock.clearTimeout(this.restartTimer);
    if (this.recognition && this.state.recording) {
      try {
        this.recognition.abort();
      } catch {
        // not running
      }
    }
    this.set({ recording: false, interim: '' });
  }

  private scheduleRestart(ms: number) {
    this.deps.clock.clearTimeout(this.restartTimer);
    this.restartTimer = this.deps.clock.setTimeout(() => {
      if (
        this.state.micEnabled &&
        this.state.phase !== 'speaking' &&
        this.state.phase !== 'waiting'
      )
        this.startRecognition();
    }, ms);
  }

  private onResult(e: RecognitionEventLike) {
    const now = this.deps.clock.now();
    let interim = '';
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i]!;
      const alt = result[0]!;
      if (result.isFinal) {
        const text = alt.transcript.trim();
        if (!text) continue;
        this.segments.push({ text, startMs: this.lastSpeechAt || now, endMs: now });
        this.confidences.push(alt.confidence);
        const pending = `${this.state.pending} ${text}`.trim();
        this.set({ pending });
        if (asksForTimeToThink(text)) this.setThinking(true);
        else if (this.state.thinking) this.setThinking(false);
      } else {
        interim += alt.transcript;
      }
    }
    this.lastSpeechAt = now;
    // Barge-in: the candidate talking over the interviewer stops the interviewer.
    if (this.state.phase === 'speaking' && (interim.trim() || this.state.pending))
      this.interruptInterviewer();
    this.set({ interim: interim.trim() });
  }

  private onError(error: string) {
    this.errors += 1;
    const recoverable = error === 'no-speech' || error === 'audio-capture';
    this.set({ recording: false });
    if (error === 'not-allowed' || error === 'service-not-allowed') {
      this.set({ micEnabled: false, error: 'Microphone permission denied' });
      return;
    }
    if (
      (recoverable || this.errors < VOICE.maxRecognitionErrors) &&
      this.errors < VOICE.maxRecognitionErrors
    ) {
      this.scheduleRestart(VOICE.restartAfterRecognitionErrorMs);
    } else {
      this.set({ micEnabled: false, error: `Speech recognition stopped (${error})` });
    }
  }

  private onEnd() {
    this.set({ recording: false });
    if (
      this.state.micEnabled &&
      this.state.phase !== 'speaking' &&
      this.state.phase !== 'waiting' &&
      !this.stopped
    ) {
      this.scheduleRestart(VOICE.recogniserRestartMs);
    }
  }

  // ----- turn detection ------------------------------------------------------------------------

  private checkSilence() {
    const now = this.deps.clock.now();
    if (this.state.thinking && now - this.thinkingSince > VOICE.thinkingCapMs)
      this.setThinking(false);
    const text = this.state.pending;
    if (!text || this.state.thinking) return;
    if (now - this.lastSpeechAt <= VOICE.silenceBeforeSendMs) return;
    if (now - this.lastInterviewerEndAt <= VOICE.guardAfterInterviewerMs) {
      this.discardPending();
      return;
    }
    const verdict = filterCandidateSpeech(text, this.lastInterviewerMessage);
    if (!verdict.accept) {
      this.discardPending();
      return;
    }
    this.sendAnswer(text);
  }

  /** A typed answer (or the Send button) goes through the same gate as speech. */
  sendTyped(text: string) {
    const t = text.trim();
    if (!t || this.state.phase === 'waiting' || this.state.phase === 'speaking') return false;
    this.deps.onAnswer(t, {});
    this.set({ phase: 'waiting', pending: '', interim: '' });
    return true;
  }

  private sendAnswer(text: string) {
    const meta: AnswerMeta = {
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
    this.set({ pending: '', interim: '' });
  }

  // ----- the interviewer speaking --------------------------------------------------------------

  /** The server started streaming a reply: the mic goes off while the interviewer talks. */
  replyStarted() {
    this.replyOpen = true;
    this.speechBuffer = '';
    this.streamed = '';
    this.spokeAny = false;
    this.stopRecognition();
    this.set({ phase: 'speaking' });
  }

  replyDelta(text: string) {
    this.streamed += text;
    this.speechBuffer += text;
    const { sentences, rest } = takeSentences(this.speechBuffer);
    this.speechBuffer = rest;
    this.speechQueue.push(...sentences);
    this.speakNext();
  }

  /** The stored message is authoritative: speak what was not spoken yet. */
  replyEnded(message: string) {
    this.replyOpen = false;
    this.lastInterviewerMessage = message;
    if (this.streamed.trim() !== message.trim() && !this.spokeAny) {
      // Nothing streamed, or the server replaced it (an apology after a failure): speak the message.
      this.speechQueue = takeSentencesAll(message);
    } else if (this.speechBuffer.trim()) {
      this.speechQueue.push(this.speechBuffer.trim());
    }
    this.speechBuffer = '';
    this.speakNext();
  }

  private speakNext() {
    if (this.speaking || this.stopped) return;
    const sentence = this.speechQueue.shift();
    if (!sentence) {
      if (!this.replyOpen) this.finishSpeaking(VOICE.micBackAfterSpeechMs);
      return;
    }
    this.set({ phase: 'speaking' });
    this.spokeAny = true;
    const handle = this.deps.speaker.speak(sentence);
    this.speaking = handle;
    void handle.done.then((how) => {
      if (this.speaking !== handle) return;
      this.speaking = null;
      if (how === 'error') {
        this.speechQueue = [];
        this.finishSpeaking(VOICE.micBackAfterSpeechErrorMs);
      } else if (how === 'interrupted') {
        this.speechQueue = [];
        this.finishSpeaking(0);
      } else {
        this.speakNext();
      }
    });
  }

  private interruptInterviewer() {
    this.speechQueue = [];
    const handle = this.speaking;
    this.speaking = null;
    handle?.interrupt();
    this.finishSpeaking(0);
  }

  private finishSpeaking(micBackMs: number) {
    this.lastInterviewerEndAt = this.deps.clock.now();
    this.set({ phase: 'idle' });
    if (this.state.micEnabled) {
      if (micBackMs === 0) this.startRecognition();
      else this.scheduleRestart(micBackMs);
    }
  }

  /** The server could not take the answer: let the candidate speak again. */
  answerFailed() {
    this.set({ phase: 'idle' });
    if (this.state.micEnabled) this.scheduleRestart(VOICE.micBackAfterManualStopMs);
  }
}
