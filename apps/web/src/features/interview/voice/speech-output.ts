import { endsSentence, splitSentences } from '@candor/shared';
import type { SpeechOutcome } from './types';

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

/** A sentence being said, numbered so that news of an earlier one is told apart. */
export interface SentenceOnVoice {
  n: number;
  text: string;
}

/**
 * What the candidate heard of a reply: the sentences said to the end, and as much of the one
 * being said as the voice got through (`chars`, from the speaker), cut back to a whole word.
 */
export function heardOf(
  spoken: readonly string[],
  current: SentenceOnVoice | null,
  chars: number,
): string {
  const partial = current ? cutAtWord(current.text, chars) : '';
  return [...spoken, partial].filter(Boolean).join(' ');
}

/**
 * The speech stage of the pipeline, as a pure function over events: the interviewer's reply
 * streams in as text deltas and is spoken sentence by sentence as soon as each sentence is
 * complete, so speech starts before the reply is finished. It knows what was heard, for a
 * transcript that records an interruption. The speaker itself (its handles and their promises)
 * is outside: `speak` and `silence` effects go to it, and what it reports comes back as `audible`
 * and `done` inputs (sentence-player.ts).
 */
export interface VoiceState {
  /** Sentences waiting to be said. */
  queue: readonly string[];
  current: SentenceOnVoice | null;
  /** Sentences of this reply spoken to the end. */
  spoken: readonly string[];
  /** Streamed text not yet a whole sentence. */
  buffer: string;
  /** Everything streamed of this reply. */
  streamed: string;
  /** The reply is still streaming. */
  open: boolean;
  /** Interrupted or failed: the rest of this reply is dropped, not spoken. */
  cancelled: boolean;
  /** The voice of this reply has been heard. */
  audible: boolean;
  /** A reply is speaking or about to. */
  active: boolean;
  disposed: boolean;
  /** Sentences handed to the speaker so far (the last one's number). */
  said: number;
}

export const INITIAL_VOICE: VoiceState = {
  queue: [],
  current: null,
  spoken: [],
  buffer: '',
  streamed: '',
  open: false,
  cancelled: false,
  audible: false,
  active: false,
  disposed: false,
  said: 0,
};

export type VoiceInput =
  | { type: 'begin' }
  | { type: 'delta'; text: string }
  /** The stored reply. Authoritative: what it says that was not queued yet is spoken. */
  | { type: 'end'; text: string }
  /** Stop now and drop the rest of the reply. */
  | { type: 'interrupt' }
  | { type: 'dispose' }
  /** The speaker: sentence `n` is really heard (its `start`). */
  | { type: 'audible'; n: number }
  /** The speaker: sentence `n` ended, failed or was cut off. */
  | { type: 'done'; n: number; how: SpeechOutcome };

export type VoiceEffect =
  | { type: 'speak'; n: number; text: string }
  /** Sentence `n` stops (a new reply begins over it). */
  | { type: 'stop-sentence'; n: number }
  /**
   * Everything stops now, the speaker's queue too. What was heard is `spoken` and as much of
   * `current` as the speaker got through (heardOf).
   */
  | { type: 'silence'; spoken: readonly string[]; current: SentenceOnVoice | null };

/** What the stage tells the turn-taking: the voice is heard, or the reply is over. */
export type VoiceNotice = { type: 'audible' } | { type: 'finished'; how: SpeechOutcome };

export interface VoiceStep {
  voice: VoiceState;
  effects: VoiceEffect[];
  notices: VoiceNotice[];
}

export function voiceStep(state: VoiceState, input: VoiceInput): VoiceStep {
  // A copy this step owns: its fields are replaced, never the arrays of the state it was given.
  const out: VoiceStep = { voice: { ...state }, effects: [], notices: [] };
  const v = out.voice;
  switch (input.type) {
    case 'begin':
      begin(out);
      break;
    case 'delta': {
      if (v.cancelled || !v.open) break;
      v.streamed += input.text;
      const { sentences, rest } = takeComplete(v.buffer + input.text);
      v.buffer = rest;
      v.queue = [...v.queue, ...sentences];
      next(out);
      break;
    }
    case 'end':
      end(out, input.text);
      break;
    case 'interrupt':
      interrupt(out);
      break;
    case 'dispose':
      v.disposed = true;
      interrupt(out);
      break;
    case 'audible':
      if (v.current?.n !== input.n || v.audible) break;
      v.audible = true;
      out.notices.push({ type: 'audible' });
      break;
    case 'done':
      if (v.current?.n !== input.n) break;
      if (input.how === 'ended') {
        v.spoken = [...v.spoken, v.current.text];
        v.current = null;
        next(out);
        break;
      }
      // A failed or browser-cancelled utterance ends the whole reply.
      v.current = null;
      v.queue = [];
      v.cancelled = true;
      v.active = false;
      out.notices.push({ type: 'finished', how: input.how });
      break;
  }
  return out;
}

function begin(out: VoiceStep) {
  const v = out.voice;
  if (v.current) out.effects.push({ type: 'stop-sentence', n: v.current.n });
  Object.assign(v, {
    current: null,
    queue: [],
    spoken: [],
    buffer: '',
    streamed: '',
    open: true,
    cancelled: false,
    audible: false,
    active: true,
  });
}

function end(out: VoiceStep, message: string) {
  const v = out.voice;
  // A stored reply without a stream before it (reply.end alone) is spoken whole.
  if (!v.open && !v.active) begin(out);
  v.open = false;
  if (v.cancelled) return;
  const streamed = squash(v.streamed);
  const full = squash(message);
  if (full === streamed || (full && streamed.startsWith(full))) {
    // All of it streamed (or the stream is given up on with what came): say what is left.
    if (v.buffer.trim()) v.queue = [...v.queue, v.buffer.trim()];
  } else if (streamed && full.startsWith(streamed)) {
    // The deltas stopped short of the stored text: speak the remainder too.
    const rest = squash(`${v.buffer}${full.slice(streamed.length)}`);
    v.queue = [...v.queue, ...sentencesOf(splitSentences(rest))];
  } else {
    // The server replaced the reply (an apology after a provider failure): say that instead.
    v.queue = sentencesOf(splitSentences(message));
  }
  v.buffer = '';
  next(out);
}

function interrupt(out: VoiceStep) {
  const v = out.voice;
  out.effects.push({ type: 'silence', spoken: v.spoken, current: v.current });
  Object.assign(v, { cancelled: true, queue: [], active: false, current: null });
}

/** The next sentence to the speaker, or the reply is over once nothing is left and it ended. */
function next(out: VoiceStep) {
  const v = out.voice;
  if (v.current || v.disposed || v.cancelled) return;
  const [text, ...rest] = v.queue;
  if (text === undefined) {
    if (!v.open && v.active) {
      v.active = false;
      out.notices.push({ type: 'finished', how: 'ended' });
    }
    return;
  }
  v.queue = rest;
  v.said += 1;
  v.current = { n: v.said, text };
  out.effects.push({ type: 'speak', n: v.said, text });
}
