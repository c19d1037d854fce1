/**
 * The candidate speech filter (spec section 5): decides whether a recognised utterance is the
 * candidate's own answer, or the interviewer's voice picked up by the microphone, or noise.
 */

export const SIMILARITY_THRESHOLD = 0.6;
export const UNIQUE_WORD_RATIO = 0.6;

export const INTERVIEWER_PHRASES = [
  'tell me about',
  'can you explain',
  'describe a time',
  'next question',
  'thank you for',
];

/** Checked only on texts longer than 15 characters. */
export const INTERVIEWER_PHRASES_LONG = [
  ...INTERVIEWER_PHRASES,
  "let's move on",
  'moving on to',
  'could you walk me through',
  'what would you do',
  'how would you',
  'can you tell me',
  'great answer',
  'good answer',
  'that was a great',
  "we've covered",
  'the first question',
  'the next question',
  'thank you for your time',
  'click end interview',
];

/** Interviewer-style openers, rejected on texts over 20 characters. */
export const INTERVIEWER_OPENERS = [
  'great',
  'excellent',
  'thank you',
  'thanks for',
  "let's",
  'now,',
  'okay, so',
  'alright',
  'interesting',
  'good,',
  'perfect',
];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s']/g, ' ')
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

/** 70% shared-word overlap + 30% edit-distance similarity, 0–1. */
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
 * Whether words heard while the interviewer is speaking are the interviewer's own voice coming
 * back through the microphone. An echo repeats runs of the interviewer's text, so one measure is
 * the share of the utterance's consecutive word pairs that occur in that text (single words are
 * too common to tell). Recognisers split and join words ("data base" for "database"), so the
 * other is the share of words found inside the interviewer's text with the spaces taken out.
 * Used for barge-in: only speech that is not an echo interrupts.
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
  return found / w.length >= ECHO_WORD_SHARE;
}

export type FilterVerdict =
  | { accept: true }
  | {
      accept: false;
      reason: 'empty' | 'echo' | 'interviewer-phrase' | 'repetitive' | 'interviewer-opener';
    };

/** Whether an utterance is the candidate's answer, given the interviewer's last message. */
export function filterCandidateSpeech(text: string, lastInterviewerMessage = ''): FilterVerdict {
  const t = text.trim();
  if (!t) return { accept: false, reason: 'empty' };
  const lower = t.toLowerCase();
  if (
    t.length > 10 &&
    lastInterviewerMessage &&
    similarity(t, lastInterviewerMessage) > SIMILARITY_THRESHOLD
  ) {
    return { accept: false, reason: 'echo' };
  }
  const phrases = t.length > 15 ? INTERVIEWER_PHRASES_LONG : INTERVIEWER_PHRASES;
  if (phrases.some((p) => lower.includes(p)))
    return { accept: false, reason: 'interviewer-phrase' };
  const w = words(t);
  if (w.length > 5 && new Set(w).size / w.length < UNIQUE_WORD_RATIO)
    return { accept: false, reason: 'repetitive' };
  if (t.length > 20 && INTERVIEWER_OPENERS.some((o) => lower.startsWith(o)))
    return { accept: false, reason: 'interviewer-opener' };
  return { accept: true };
}
