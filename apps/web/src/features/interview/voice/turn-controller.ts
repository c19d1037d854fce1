import {
  VOICE,
  asksForTimeToThink,
  filterCandidateSpeech,
  isInterviewerEcho,
  type InterviewerVoice,
} from '@candor/shared';
import { AnswerDraft } from './answer-draft';
import type { AnswerRecorderLike, RecordedAnswer } from './answer-recorder';
import {
  Recogniser,
  type ListenMode,
  type RecogniserDeps,
  type RecogniserEvent,
  type RecogniserLike,
  type RecognitionFailure,
} from './recogniser';
import { SpeechOutput } from './speech-output';
import type { AnswerMeta, ClockLike, RecognitionLike, SpeakerLike, SpeechOutcome } from './types';

export type Phase = 'idle' | 'listening' | 'waiting' | 'speaking';

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

export interface TurnDeps {
  createRecognition: () => RecognitionLike | null;
  speaker: SpeakerLike;
  clock: ClockLike;
  language: string;
  /**
   * An answer to send to the server, with its audio when the recording stage kept it (settles
   * once the recorder has handed it over; null: none).
   */
  onAnswer: (text: string, meta: AnswerMeta, audio?: Promise<RecordedAnswer | null>) => void;
  /**
   * The recording stage (issue 14): records from the moment the answer is listened for until it
   * is sent. Absent when recordings are off for the attempt or the browser cannot record.
   */
  recorder?: AnswerRecorderLike | null;
  onChange: (state: TurnState) => void;
  /** The interviewer was cut off; `heard` is what the candidate actually heard of the reply. */
  onInterrupted?: (heard: string) => void;
  /** Another recogniser than the browser's (server recognition: server-recogniser.ts). */
  createRecogniser?: (deps: RecogniserDeps) => RecogniserLike;
  /**
   * The longest an answer may be spoken before it is sent as it stands (a demanding interviewer
   * stops a ramble: "Let me stop you there…", issue 15); null or absent: no limit.
   */
  maxAnswerMs?: () => number | null;
}

/** A piece of interviewer work in the normal lane, and the reply it belongs to (0: none). */
interface Work {
  reply: number;
  run: () => void;
}

/**
 * The turn-taking pipeline of a spoken interview, as small stages: recognition (Recogniser) →
 * candidate speech filter → the answer draft (AnswerDraft) → silence turn detection (here) → send;
 * the interviewer's streamed reply → sentence-by-sentence speech (SpeechOutput) → the mic is the
 * candidate's again the moment the voice ends. Speech from the candidate while the interviewer is
 * audible interrupts it (barge-in); the interviewer's own voice coming back through the microphone
 * is held back for the candidate to send or discard, never dropped unseen. No React and no browser
 * globals: recognition, speech and time are injected, so tests push scripted events through it.
 *
 * Two lanes. Interviewer work (a reply starting, its text, its end, waiting for one) runs in order:
 * asked for while other work is running (from inside a callback), it waits behind it. The urgent
 * lane — the candidate starting to talk over the interviewer, a manual interrupt, End — acts at
 * once (asked for in the middle of a step, right after that step), ahead of anything queued, and
 * the queued work of the reply it cut off is dropped.
 */
export class TurnController {
  private state: TurnState = INITIAL_TURN_STATE;
  private lastSpeechAt = 0;
  /** The candidate's last keystroke in the code editor (a coding question). */
  private lastTypingAt = 0;
  private utteranceStartedAt: number | null = null;
  private lastInterviewerEndAt = 0;
  /** The reply being (or last) spoken, as streamed so far, and when its voice played. */
  private replyText = '';
  private replyFrom: number | null = null;
  private replyUntil: number | null = null;
  private thinkingSince = 0;
  private readonly draft = new AnswerDraft();
  private ticker: unknown = null;
  private stopped = false;
  private readonly output: SpeechOutput;
  private readonly recogniser: RecogniserLike;
  /** Server recognition: speech is being said or transcribed (no silence is counted). */
  private hearing = false;
  /** The lanes: work waiting behind the work running now, urgent work first. */
  private work: Work[] = [];
  private urgentWork: (() => void)[] = [];
  private working = false;
  /** Replies asked for so far (numbered when asked), and the one the voice is on. */
  private repliesAsked = 0;
  private replyOnVoice = 0;

  constructor(private readonly deps: TurnDeps) {
    const recogniserDeps: RecogniserDeps = {
      createRecognition: deps.createRecognition,
      clock: deps.clock,
      language: deps.language,
      onEvent: (e) => this.onRecognition(e),
      restartMode: () => this.listenModeNow(),
      silenceExpected: () => this.state.thinking,
    };
    this.recogniser = deps.createRecogniser?.(recogniserDeps) ?? new Recogniser(recogniserDeps);
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

  private syncDraft() {
    this.set({ pending: this.draft.pending, heldBack: this.draft.heldBack });
  }

  /** Runs interviewer work in order: now, or after the work already running. */
  private normal(reply: number, run: () => void) {
    this.work.push({ reply, run });
    this.drain();
  }

  /**
   * Acts now, or, asked for in the middle of other work, as soon as that step is done and ahead
   * of everything queued (the answer is then undefined). What is still queued for a reply this cut
   * off is dropped: its voice stopped, nothing of it is spoken after.
   */
  private urgent<T>(run: () => T): T | undefined {
    let result: T | undefined;
    this.urgentWork.push(() => {
      const onVoice = this.output.speaking ? this.replyOnVoice : null;
      result = run();
      if (onVoice !== null && !this.output.speaking)
        this.work = this.work.filter((job) => job.reply !== onVoice);
    });
    this.drain();
    return result;
  }

  private drain() {
    if (this.working) return;
    this.working = true;
    try {
      for (;;) {
        const next = this.urgentWork.shift() ?? this.work.shift()?.run;
        if (!next) break;
        next();
      }
    } finally {
      this.working = false;
    }
  }

  start() {
    this.ticker = this.deps.clock.setInterval(() => this.checkSilence(), VOICE.silenceCheckEveryMs);
  }

  dispose() {
    this.stopped = true;
    this.work = [];
    this.urgentWork = [];
    this.deps.clock.clearInterval(this.ticker);
    this.recogniser.stop();
    this.recogniser.release?.();
    this.output.dispose();
    this.deps.recorder?.dispose();
  }

  // ----- the microphone ------------------------------------------------------------------------

  enableMic() {
    this.recogniser.resetErrors();
    this.set({ micEnabled: true, error: null, failure: null });
    const mode = this.listenModeNow();
    if (mode) this.recogniser.start(mode);
  }

  disableMic() {
    this.set({ micEnabled: false });
    this.stopRecognition();
    // Microphone off means nothing is recorded either.
    this.deps.recorder?.pause();
    this.recogniser.release?.();
  }

  /**
   * The candidate typed in the code editor: silence is counted from now, so words said before
   * typing are not sent as a half-finished thought while the hands are busy.
   */
  noteTyping() {
    this.lastTypingAt = this.deps.clock.now();
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

  /** Listens in the mode the moment calls for, now (switching mode if already listening). */
  private listenNow() {
    const mode = this.listenModeNow();
    if (mode) this.recogniser.start(mode);
  }

  /**
   * Stops the recogniser. Words it was still recognising will never become final, so they join
   * the answer as they are: nothing the candidate said is lost to a stop.
   */
  private stopRecognition() {
    const interim = this.state.interim.trim();
    if (interim && this.recogniser.mode === 'answer') this.addFinal(interim, null);
    this.utteranceStartedAt = null;
    this.recogniser.stop();
    this.set({ interim: '' });
  }

  private onRecognition(e: RecogniserEvent) {
    switch (e.type) {
      case 'mode':
        // Listening for the answer starts (or resumes) its recording.
        if (e.mode === 'answer' && e.live) this.deps.recorder?.start();
        this.set({
          recording: e.mode === 'answer' && e.live,
          bargeIn: e.mode === 'barge-in' && e.live,
          phase:
            e.mode === 'answer'
              ? 'listening'
              : this.state.phase === 'listening'
                ? 'idle'
                : this.state.phase,
        });
        break;
      case 'failed':
        this.set({ micEnabled: false, error: e.message, failure: e.reason });
        break;
      case 'words':
        // Words heard again: a notice about an earlier utterance has served its purpose.
        if (this.state.error && e.finals.length > 0) this.set({ error: null, failure: null });
        this.onWords(e.finals, e.interim);
        break;
      case 'speech-start': {
        const now = this.deps.clock.now();
        this.lastSpeechAt = now;
        this.utteranceStartedAt ??= now;
        // Over the interviewer's voice (echo cancelled by the microphone): the candidate cuts in.
        if (this.recogniser.mode === 'barge-in' && this.output.speaking) this.bargeIn();
        break;
      }
      case 'hearing':
        this.hearing = e.on;
        this.lastSpeechAt = this.deps.clock.now();
        break;
      case 'notice':
        this.set({ error: e.message, failure: null });
        break;
    }
  }

  private onWords(finals: { text: string; confidence: number | null }[], interim: string) {
    const now = this.deps.clock.now();
    let overInterviewer = this.recogniser.mode === 'barge-in';
    if (overInterviewer) {
      // Over the interviewer: their own voice coming back does not cut them off; the candidate does.
      const heard = [...finals.map((f) => f.text), interim].join(' ').trim();
      const words = heard.split(/\s+/).length;
      if (words >= VOICE.bargeInMinWords && !isInterviewerEcho(heard, this.replyText)) {
        this.bargeIn();
        overInterviewer = false;
      }
    }
    for (const f of finals) this.addFinal(f.text, f.confidence);
    // The next utterance starts with its first interim words.
    if (interim) this.utteranceStartedAt ??= now;
    this.lastSpeechAt = now;
    // What is heard over the interviewer is shown once it is the candidate's turn.
    this.set({ interim: overInterviewer ? '' : interim });
  }

  /** A finished piece of speech: part of the answer, held back as echo, or noise. */
  private addFinal(text: string, confidence: number | null) {
    const now = this.deps.clock.now();
    const startMs = this.utteranceStartedAt ?? now;
    this.utteranceStartedAt = null;
    const verdict = filterCandidateSpeech(text, {
      heardAt: startMs,
      interviewer: this.interviewerVoice(),
    });
    if (!verdict.accept && verdict.reason === 'empty') return;
    const held = !verdict.accept;
    this.draft.add({ text, startMs, endMs: now, confidence, held });
    this.syncDraft();
    if (held) return;
    if (asksForTimeToThink(text)) this.setThinking(true);
    else if (this.state.thinking) this.setThinking(false);
  }

  private interviewerVoice(): InterviewerVoice | null {
    if (this.replyFrom === null) return null;
    return { text: this.replyText, from: this.replyFrom, until: this.replyUntil };
  }

  // ----- turn detection ------------------------------------------------------------------------

  private checkSilence() {
    const now = this.deps.clock.now();
    if (this.state.thinking && now - this.thinkingSince > VOICE.thinkingCapMs)
      this.setThinking(false);
    if (this.state.phase === 'speaking' || this.state.phase === 'waiting') return;
    // A demanding interviewer cuts a ramble off: the answer goes as it stands, mid-sentence too.
    const limit = this.deps.maxAnswerMs?.() ?? null;
    const began = this.draft.startedAt;
    if (limit !== null && began !== null && now - began >= limit) {
      this.sendAnswer();
      return;
    }
    if (!this.state.pending || this.state.thinking || this.hearing) return;
    // Silence is counted from the candidate's last words, last keystroke in the code editor, or
    // the end of the interviewer's voice.
    const since = Math.max(this.lastSpeechAt, this.lastInterviewerEndAt, this.lastTypingAt);
    if (now - since <= VOICE.silenceBeforeSendMs) return;
    this.sendAnswer();
  }

  /**
   * A typed answer: the same filter as speech (with no timing, only the noise rule applies), sent
   * at once after any spoken words still pending, so those are not lost.
   */
  sendTyped(text: string): TypedResult {
    const t = text.trim();
    if (this.state.phase === 'waiting' || this.state.phase === 'speaking') return 'busy';
    if (!filterCandidateSpeech(t).accept) return 'empty';
    this.stopRecognition();
    const spoken = this.draft.pending;
    this.draft.clear();
    this.syncDraft();
    this.set({ phase: 'waiting', thinking: false });
    // Words spoken before the typing are in the recording; a typed answer alone has none.
    let audio: Promise<RecordedAnswer | null> | undefined;
    if (spoken) audio = this.deps.recorder?.take();
    else this.deps.recorder?.discard();
    this.deps.onAnswer(spoken ? `${spoken} ${t}` : t, { mode: 'typed' }, audio);
    return 'sent';
  }

  /** "Send anyway": the held-back words join the answer where they were said, and it is sent. */
  sendHeldBack() {
    if (!this.state.heldBack) return;
    this.draft.releaseHeld();
    this.syncDraft();
    this.sendAnswer();
  }

  /** "Discard": the held-back words are dropped; the rest of the answer carries on. */
  discardHeldBack() {
    this.draft.discardHeld();
    this.syncDraft();
  }

  /**
   * Sends what the candidate has said so far, now (the last moment of the time-up grace period).
   * Cuts the interviewer off only when there are words to send. Returns whether it sent.
   */
  flush(): boolean {
    const sent = this.urgent(() => {
      if (this.state.phase === 'waiting') return false;
      if (this.state.phase === 'speaking' && this.state.pending) {
        this.deps.onInterrupted?.(this.output.interrupt());
        this.markInterviewerEnd();
        this.set({ phase: 'idle' });
        if (this.recogniser.mode) this.recogniser.start('answer');
      }
      if (this.state.phase === 'speaking') return false;
      return this.sendAnswer();
    });
    return sent ?? false;
  }

  private sendAnswer(): boolean {
    if (!this.state.pending && !this.state.interim.trim()) return false;
    // Words still being recognised are part of the answer too.
    this.stopRecognition();
    const answer = this.draft.take();
    this.syncDraft();
    if (!answer) {
      // Only unfinished words were left, and they were noise or echo: listen on.
      this.listenNow();
      return false;
    }
    this.set({ phase: 'waiting' });
    this.deps.onAnswer(answer.text, answer.meta, this.deps.recorder?.take());
    return true;
  }

  /** The interviewer is about to speak (the introduction, or a reply still owed): do not listen. */
  expectReply() {
    this.normal(0, () => {
      if (this.state.phase === 'speaking') return;
      this.stopRecognition();
      this.set({ phase: 'waiting' });
    });
  }

  /** Nothing to wait for any more (the reply is known, or none will come): the candidate speaks. */
  resume() {
    this.normal(0, () => {
      if (this.state.phase !== 'waiting') return;
      this.set({ phase: 'idle' });
      this.listenNow();
    });
  }

  /**
   * End Interview, in the urgent lane: the interviewer stops at once (what was heard of it is
   * reported), every word said so far is sent, and the microphone goes off. Returns whether an
   * answer was sent.
   */
  end(): boolean {
    const sent = this.urgent(() => {
      if (this.state.phase === 'speaking') {
        this.deps.onInterrupted?.(this.output.interrupt());
        this.markInterviewerEnd();
        this.set({ phase: 'idle' });
      }
      const sent = this.state.phase !== 'waiting' && this.sendAnswer();
      this.disableMic();
      return sent;
    });
    return sent ?? false;
  }

  // ----- the interviewer speaking --------------------------------------------------------------

  /**
   * The server started streaming a reply. A candidate still talking (time ran out mid-answer)
   * keeps the recogniser: it listens on for barge-in, and their words so far stay in the answer.
   */
  replyStarted() {
    const reply = ++this.repliesAsked;
    this.normal(reply, () => {
      this.replyOnVoice = reply;
      this.replyText = '';
      this.output.begin();
      this.interviewerStarts();
    });
  }

  private interviewerStarts() {
    this.replyFrom = this.deps.clock.now();
    this.replyUntil = null;
    this.set({ phase: 'speaking' });
    if (this.recogniser.mode) this.recogniser.start('barge-in');
  }

  replyDelta(text: string) {
    this.normal(this.repliesAsked, () => {
      this.replyText += text;
      this.output.delta(text);
    });
  }

  /** The stored reply (authoritative). */
  replyEnded(message: string) {
    this.normal(this.repliesAsked, () => {
      this.replyText = message;
      this.output.end(message);
      // A stored reply without a stream starts speaking now; one cut off or failed does not.
      if (this.output.speaking && this.state.phase !== 'speaking') this.interviewerStarts();
    });
  }

  /** Something the interviewer says that is not a streamed reply (the apology after a failure). */
  say(message: string) {
    this.replyStarted();
    this.replyEnded(message);
  }

  /** The candidate stopped the interviewer by hand (Skip): the mic is theirs at once. */
  stopInterviewer() {
    this.urgent(() => {
      if (this.state.phase !== 'speaking') return;
      const heard = this.output.interrupt();
      this.deps.onInterrupted?.(heard);
      this.afterInterviewer();
    });
  }

  private onInterviewerAudible() {
    // Listen over the voice only once it really plays: a barge-in needs something to interrupt.
    if (this.state.micEnabled && this.state.phase === 'speaking') this.listenNow();
  }

  private bargeIn() {
    this.urgent(() => {
      const heard = this.output.interrupt();
      this.deps.onInterrupted?.(heard);
      this.markInterviewerEnd();
      this.set({ phase: 'idle' });
      this.recogniser.start('answer');
    });
  }

  private onInterviewerFinished(how: SpeechOutcome) {
    // The browser cut the voice off (not the candidate): record what was heard, then carry on.
    if (how === 'interrupted') this.deps.onInterrupted?.(this.output.heardSoFar());
    this.afterInterviewer();
  }

  private markInterviewerEnd() {
    const now = this.deps.clock.now();
    this.lastInterviewerEndAt = now;
    this.replyUntil = now;
  }

  /**
   * The interviewer's voice ended (spoken, failed or cut off): the recogniser, already running for
   * barge-in, switches to the answer, or starts now. Its echo is held back by the filter instead
   * of a delay that lost the candidate's first words.
   */
  private afterInterviewer() {
    this.markInterviewerEnd();
    this.set({ phase: 'idle' });
    this.listenNow();
  }
}
