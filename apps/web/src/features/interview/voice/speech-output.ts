import { endsSentence, splitSentences } from '@candor/shared';
import type { SpeakerLike, SpeechHandle, SpeechOutcome } from './types';

/** The sentences of a text as they are said (the last one even without a full stop). */
const sentencesOf = (chunks: string[]) => chunks.map((c) => c.trim()).filter(Boolean);

/**
 * The complete sentences of text still streaming, and the rest: its last chunk, unless that
 * ends a sentence already (kept as it came, so the next delta continues it).
 */
function takeComplete(buffer: string): { sentences: string[]; rest: string } {
  const chunks = splitSentences(buffer);
  const last = chunks.at(-1);
  if (last === undefined || endsSentence(last)) return { sentences: sentencesOf(chunks), rest: '' };
  return { sentences: sentencesOf(chunks.slice(0, -1)), rest: last };
}

const squash = (t: string) => t.replace(/\s+/g, ' ').trim();

/** The first `chars` characters of a sentence, cut back to a whole word. */
function cutAtWord(text: string, chars: number): string {
  if (chars >= text.length) return text;
  if (chars <= 0) return '';
  const head = text.slice(0, chars);
  // Mid-word: drop the partial word.
  return /\s/.test(text[chars] ?? ' ') ? head.trim() : head.replace(/\S*$/, '').trim();
}

export interface SpeechOutputEvents {
  /** The interviewer's voice is really heard (first sentence of the reply started playing). */
  onAudible(): void;
  /** The reply is over: spoken to the end, failed, or cut off by the browser. */
  onFinished(how: SpeechOutcome): void;
}

/**
 * The speech stage of the pipeline: the interviewer's reply streams in as text deltas and is spoken
 * sentence by sentence as soon as each sentence is complete, so speech starts before the reply is
 * finished. It knows what was actually heard, for a transcript that records an interruption.
 */
export class SpeechOutput {
  private queue: string[] = [];
  private current: { text: string; handle: SpeechHandle } | null = null;
  /** Sentences of this reply spoken to the end. */
  private spoken: string[] = [];
  private buffer = '';
  private streamed = '';
  /** The reply is still streaming. */
  private open = false;
  /** Interrupted: the rest of this reply is dropped, not spoken. */
  private cancelled = false;
  private audible = false;
  private active = false;
  private disposed = false;

  constructor(
    private readonly speaker: SpeakerLike,
    private readonly events: SpeechOutputEvents,
  ) {}

  /** A reply is speaking or about to. */
  get speaking(): boolean {
    return this.active;
  }

  /** The voice of this reply has been heard. */
  get heard(): boolean {
    return this.audible;
  }

  begin() {
    this.current?.handle.interrupt();
    this.current = null;
    this.queue = [];
    this.spoken = [];
    this.buffer = '';
    this.streamed = '';
    this.open = true;
    this.cancelled = false;
    this.audible = false;
    this.active = true;
  }

  delta(text: string) {
    if (this.cancelled || !this.open) return;
    this.streamed += text;
    this.buffer += text;
    const { sentences, rest } = takeComplete(this.buffer);
    this.buffer = rest;
    this.queue.push(...sentences);
    this.next();
  }

  /** The stored reply. Authoritative: speak what it says that was not queued yet. */
  end(message: string) {
    // A stored reply without a stream before it (reply.end alone) is spoken whole.
    if (!this.open && !this.active) this.begin();
    this.open = false;
    if (this.cancelled) return;
    const streamed = squash(this.streamed);
    const full = squash(message);
    if (full === streamed || (full && streamed.startsWith(full))) {
      // All of it streamed (or the stream is given up on with what came): say what is left.
      if (this.buffer.trim()) this.queue.push(this.buffer.trim());
    } else if (streamed && full.startsWith(streamed)) {
      // The deltas stopped short of the stored text: speak the remainder too.
      this.queue.push(
        ...sentencesOf(splitSentences(squash(`${this.buffer}${full.slice(streamed.length)}`))),
      );
    } else {
      // The server replaced the reply (an apology after a provider failure): say that instead.
      this.queue = sentencesOf(splitSentences(message));
    }
    this.buffer = '';
    this.next();
  }

  /** What the candidate has heard of this reply so far. */
  heardSoFar(): string {
    const partial = this.current
      ? cutAtWord(this.current.text, this.current.handle.spokenChars())
      : '';
    return [...this.spoken, partial].filter(Boolean).join(' ');
  }

  /** Stops speaking now and drops the rest of the reply; returns what was heard. */
  interrupt(): string {
    const heard = this.heardSoFar();
    this.cancelled = true;
    this.queue = [];
    this.active = false;
    const handle = this.current?.handle;
    this.current = null;
    handle?.interrupt();
    this.speaker.cancel();
    return heard;
  }

  dispose() {
    this.disposed = true;
    this.interrupt();
  }

  private next() {
    if (this.current || this.disposed || this.cancelled) return;
    const text = this.queue.shift();
    if (text === undefined) {
      if (!this.open && this.active) {
        this.active = false;
        this.events.onFinished('ended');
      }
      return;
    }
    const handle = this.speaker.speak(text);
    this.current = { text, handle };
    void handle.audible.then(() => {
      if (this.current?.handle !== handle || this.audible) return;
      this.audible = true;
      this.events.onAudible();
    });
    void handle.done.then((how) => {
      if (this.current?.handle !== handle) return;
      this.current = null;
      if (how === 'ended') {
        this.spoken.push(text);
        this.next();
        return;
      }
      // A failed or browser-cancelled utterance ends the whole reply.
      this.queue = [];
      this.cancelled = true;
      this.active = false;
      this.events.onFinished(how);
    });
  }
}
