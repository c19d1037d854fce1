import type { AnswerMeta } from './types';

/** One finished piece of recognised speech, with its timing and what the filter made of it. */
export interface DraftSegment {
  text: string;
  startMs: number;
  endMs: number;
  /** The recogniser's 0–1 confidence; null for words it had not finished (no real figure). */
  confidence: number | null;
  /** Held back as a possible echo of the interviewer: sent only if the candidate says so. */
  held: boolean;
}

/** At most this many timed pieces go with an answer (the live protocol's limit). */
const MAX_SEGMENTS = 500;

/**
 * The candidate's answer while it is being spoken: every finished piece the recogniser heard, in
 * order, each either part of the answer or held back as a possible echo. Nothing leaves it
 * silently: pieces go out with the answer, or the candidate discards the held-back ones.
 */
export class AnswerDraft {
  private segments: DraftSegment[] = [];

  add(segment: DraftSegment) {
    this.segments.push(segment);
  }

  /** The words that will be sent, in the order they were said. */
  get pending(): string {
    return join(this.segments.filter((s) => !s.held));
  }

  /** When the answer being drafted began (its first piece that will be sent); null when none. */
  get startedAt(): number | null {
    return this.segments.find((s) => !s.held)?.startMs ?? null;
  }

  /** The words held back as a possible echo, in order. */
  get heldBack(): string {
    return join(this.segments.filter((s) => s.held));
  }

  /** The candidate chose to send the held-back words: they join the answer where they were said. */
  releaseHeld() {
    this.segments = this.segments.map((s) => (s.held ? { ...s, held: false } : s));
  }

  /** The candidate chose to drop the held-back words. */
  discardHeld() {
    this.segments = this.segments.filter((s) => !s.held);
  }

  /**
   * The answer to send (null when nothing is pending) with its timings, and an empty draft. Words
   * still held back are dropped with it: the candidate saw them and answered without them.
   */
  take(): { text: string; meta: AnswerMeta } | null {
    const sent = this.segments.filter((s) => !s.held);
    if (sent.length === 0) return null;
    this.segments = [];
    const known = sent.flatMap((s) => (s.confidence === null ? [] : [s.confidence]));
    const meta: AnswerMeta = {
      mode: 'voice',
      confidence: known.length ? known.reduce((a, c) => a + c, 0) / known.length : undefined,
      startedAt: sent[0]!.startMs,
      endedAt: sent.at(-1)!.endMs,
      segments: sent
        .slice(0, MAX_SEGMENTS)
        .map(({ text, startMs, endMs }) => ({ text, startMs, endMs })),
    };
    return { text: join(sent), meta };
  }

  clear() {
    this.segments = [];
  }
}

const join = (segments: DraftSegment[]) =>
  segments
    .map((s) => s.text)
    .join(' ')
    .trim();
