/**
 * Labelled corpus for the end-of-turn rules: what the recogniser has heard of a candidate's answer
 * at the moment the candidate falls silent, and what a careful human interviewer would hear there.
 * Data only; see README.md in this folder for the labels and how the cases were written.
 */

/**
 * - `finished`: the last sentence is grammatically complete and nothing announced is still owed
 *   (an afterthought said later does not change this).
 * - `unfinished`: the thought is clearly not over (trailing conjunction, filler, preposition or
 *   article, a verb waiting for its complement, an announced structure or list not yet delivered).
 * - `question`: the candidate asks the interviewer something.
 * - `done`: the candidate says they have finished ("that's it", "that's my answer").
 */
export type EndOfTurnKind = 'finished' | 'unfinished' | 'question' | 'done';

export interface EndOfTurnCase {
  /** What the recogniser has produced of the answer when the candidate falls silent. */
  heard: string;
  /** browser: Web Speech in Chrome (usually no punctuation at all, first letter maybe capitalised, numbers as digits or words); server: a Whisper-style transcript (sentence punctuation and capitals). */
  source: 'browser' | 'server';
  kind: EndOfTurnKind;
  /** unfinished only: how long the candidate stays silent before going on, in ms (realistic: 600 to 4500). */
  pauseMs?: number;
  /** unfinished only: what they say after the pause. finished: optionally an afterthought said later. */
  continuation?: string;
  /** One line: why this label (what a listening person would hear). */
  note: string;
}
