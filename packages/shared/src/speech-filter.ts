/**
 * The candidate speech filter: decides whether recognised words are the candidate's answer, the
 * interviewer's own voice coming back through the microphone (echo), or noise.
 *
 * It removes only what is provably not the candidate: nothing at all (white space, punctuation,
 * hesitation sounds), and echo, which needs both proofs — the words were heard while the
 * interviewer was audible or just after (the recogniser's timing), and they repeat what the
 * interviewer was saying. The specification's rules on vocabulary ratio and interviewer-like
 * phrases are not kept: they discarded real answers (a 176-word STAR answer has a unique-word
 * ratio of 0.54; answers open with "Okay, so" or "Great question"). See decision 013.
 * Typed answers go through the same function, without timing, so only the noise rule applies.
 */

import { VOICE } from './voice-config';

/** Above this, the specification's similarity measure also counts as repeating the interviewer. */
export const SIMILARITY_THRESHOLD = 0.6;

/** The sounds people make while they think: hesitations here, fillers in the speech analytics. */
export const THINKING_SOUNDS = ['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah'] as const;

/** Sounds that carry no words: an utterance made only of these is noise. */
export const HESITATION_SOUNDS = [
  ...THINKING_SOUNDS,
  'ahh',
  'hm',
  'hmm',
  'mm',
  'mmm',
  'mhm',
] as const;

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(' ') : [];
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** The specification's measure: 70% shared-word overlap + 30% edit-distance similarity, 0–1. */
export function similarity(a: string, b: string): number {
  const wa = new Set(words(a));
  const wb = new Set(words(b));
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared += 1;
  const overlap = shared / Math.max(wa.size, wb.size);
  const na = normalise(a);
  const nb = normalise(b);
  const edit = 1 - levenshtein(na, nb) / Math.max(na.length, nb.length, 1);
  return 0.7 * overlap + 0.3 * edit;
}

function bigrams(w: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < w.length; i++) out.push(`${w[i - 1]} ${w[i]}`);
  return out;
}

/** Above this share of word pairs found in the interviewer's text, words heard are their echo. */
export const ECHO_PAIR_SHARE = 0.5;
/** From this share of words found (loosely) in the interviewer's text, words heard are their echo. */
export const ECHO_WORD_SHARE = 0.7;

/**
 * Whether words heard repeat the interviewer's text. An echo repeats runs of that text, so one
 * measure is the share of the utterance's consecutive word pairs that occur in it (single words
 * are too common to tell). Recognisers split and join words ("data base" for "database"), so the
 * other is the share of words found inside the interviewer's text with the spaces taken out.
 * The specification's similarity above 0.6 (a whole utterance read back) counts too.
 */
export function isInterviewerEcho(heard: string, interviewerText: string): boolean {
  const w = words(heard);
  if (w.length === 0) return true;
  const theirs = words(interviewerText);
  if (theirs.length === 0) return false;
  if (w.length === 1) return theirs.includes(w[0]!);
  const mine = bigrams(w);
  const known = new Set(bigrams(theirs));
  const pairs = mine.filter((b) => known.has(b)).length / mine.length;
  if (pairs > ECHO_PAIR_SHARE) return true;
  const squashed = theirs.join('');
  const exact = new Set(theirs);
  const found = w.filter((x) => (x.length >= 3 ? squashed.includes(x) : exact.has(x))).length;
  if (found / w.length >= ECHO_WORD_SHARE) return true;
  return similarity(heard, interviewerText) > SIMILARITY_THRESHOLD;
}

/** Nothing but white space, punctuation or hesitation sounds. */
export function isNoise(text: string): boolean {
  const sounds: readonly string[] = HESITATION_SOUNDS;
  return words(text).every((w) => sounds.includes(w));
}

/** The interviewer's voice as the browser played it: what was said, and when it was audible. */
export interface InterviewerVoice {
  /** What the interviewer was saying (the reply being spoken). */
  text: string;
  /** When the voice started (or was asked to start), ms since the epoch. */
  from: number;
  /** When its audio ended; null while it is still playing. */
  until: number | null;
}

export type SpeechVerdict =
  | { accept: true }
  /** Held back: the words may be the interviewer's own voice. The candidate decides. */
  | { accept: false; reason: 'echo' }
  /** Nothing to send: white space, punctuation or hesitation sounds only. */
  | { accept: false; reason: 'empty' };

/**
 * Whether an utterance is the candidate's answer. `heardAt` is when the recogniser began hearing
 * it (its first words, interim or final); `interviewer` is the voice it might be an echo of. A
 * typed answer passes neither, so only the noise rule applies to it.
 */
export function filterCandidateSpeech(
  text: string,
  context: { heardAt?: number; interviewer?: InterviewerVoice | null } = {},
): SpeechVerdict {
  if (isNoise(text)) return { accept: false, reason: 'empty' };
  const { heardAt, interviewer } = context;
  if (heardAt === undefined || !interviewer) return { accept: true };
  const during =
    heardAt >= interviewer.from &&
    (interviewer.until === null || heardAt <= interviewer.until + VOICE.echoWindowMs);
  if (during && isInterviewerEcho(text, interviewer.text)) return { accept: false, reason: 'echo' };
  return { accept: true };
}
