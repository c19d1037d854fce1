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

/**
 * The candidate's answer while it is being spoken: every finished piece the recogniser heard, in
 * order, each either part of the answer or held back as a possible echo. Nothing leaves it
 * silently: pieces go out with the answer, or the candidate discards the held-back ones. Plain
 * data and functions that return a new draft, so the turn-taking stages stay pure.
 */
export type AnswerDraft = readonly DraftSegment[];

/** At most this many timed pieces go with an answer (the live protocol's limit). */
const MAX_SEGMENTS = 500;

const join = (segments: readonly DraftSegment[]) =>
  segments
    .map((s) => s.text)
    .join(' ')
    .trim();

/** The words that will be sent, in the order they were said. */
export const pendingOf = (draft: AnswerDraft): string => join(draft.filter((s) => !s.held));

/** The words held back as a possible echo, in order. */
export const heldBackOf = (draft: AnswerDraft): string => join(draft.filter((s) => s.held));

/** When the answer being drafted began (its first piece that will be sent); null when none. */
export const answerStartedAt = (draft: AnswerDraft): number | null =>
  draft.find((s) => !s.held)?.startMs ?? null;

/** The candidate chose to send the held-back words: they join the answer where they were said. */
export const releaseHeld = (draft: AnswerDraft): AnswerDraft =>
  draft.map((s) => (s.held ? { ...s, held: false } : s));

/** The candidate chose to drop the held-back words. */
export const discardHeld = (draft: AnswerDraft): AnswerDraft => draft.filter((s) => !s.held);

/**
 * The answer to send with its timings, and the draft left: empty once an answer is taken (words
 * still held back go with it: the candidate saw them and answered without them); unchanged, with
 * no answer, when nothing is pending.
 */
export function takeAnswer(draft: AnswerDraft): {
  answer: { text: string; meta: AnswerMeta } | null;
  draft: AnswerDraft;
} {
  const sent = draft.filter((s) => !s.held);
  if (sent.length === 0) return { answer: null, draft };
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
  return { answer: { text: join(sent), meta }, draft: [] };
}
