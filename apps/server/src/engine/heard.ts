import { splitSentences, type AiMessageKind } from '@candor/shared';

/**
 * What the candidate heard of an interviewer line they cut off (meta.heard). The client says it;
 * the server only takes it when it is the start of what the interviewer said, so a client can
 * shorten a line but never put other words in the interviewer's mouth. Lines are compared by their
 * letters and digits alone: speech ends mid-word, and the stored line has lost the markdown and
 * spacing the streamed text carried.
 */

const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** True when `heard` is the beginning of `said` (or all of it). */
export function isHeardPartOf(heard: string, said: string): boolean {
  return comparable(said).startsWith(comparable(heard));
}

/**
 * What the candidate heard of an interviewer message: the heard part when they cut it off, else
 * the whole message. The next model turn and the report read messages through this.
 */
export function spokenText(message: { message: string; meta: { heard?: string } }): string {
  return message.meta.heard ?? message.message;
}

/**
 * A sentence that asks: it ends with a question mark, or opens the way a question or a request to
 * answer does ("Walk me through…", "Explain…"): interviewers ask in the imperative too.
 */
const ASKS =
  /^(?:what|how|why|when|where|which|who|whose|can|could|would|will|do|does|did|is|are|was|were|have|has|should|tell me|walk me|talk me|take me|describe|explain|give me|give an|share|imagine|suppose|compare|design|name|list)\b/i;

/**
 * Small talk that introduces the question in its own sentence, before a colon: "Still warming up:
 * what drew you…", "Let's begin with the first question: What is…". Only such openings: "You
 * mention Payments on your résumé: what was your part?" keeps what it is about.
 */
const LEAD =
  /^(?:let'?s|let me|now|so|okay|ok|right|still|next|and|here'?s|before we|one more|another)\b[^:?]{0,60}:\s+(?=\S)/i;

const asks = (sentence: string) => {
  const s = sentence.trim();
  return s.endsWith('?') || ASKS.test(s) || ASKS.test(s.replace(LEAD, ''));
};

/** Whether any sentence of a line asks something (a question, or a request to answer). */
export function asksAnything(line: string): boolean {
  return splitSentences(line).some(asks);
}

/**
 * Where the question itself starts in an interviewer line: at its first sentence that asks, after
 * the greeting, acknowledgement and transition ("Got it, thank you. Let's talk about SQL. What is…");
 * at its last sentence when none asks (a line asks its question last).
 */
export function questionStart(line: string): number {
  const chunks = splitSentences(line);
  let at = 0;
  for (const chunk of chunks) {
    if (asks(chunk)) return at;
    at += chunk.length;
  }
  return at - (chunks.at(-1)?.length ?? 0);
}

/**
 * The question an interviewer line asks, without its small talk: what a report labels the
 * question with ("Question: Hello! I'm Alex…" was the greeting, not the question). A lead before a
 * colon goes too ("Let's begin with the first question: What is…" → "What is…").
 */
export function questionOf(line: string): string {
  const sentence = line.slice(questionStart(line)).trim();
  const rest = sentence.replace(LEAD, '');
  if (rest === sentence || !asks(rest)) return sentence;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** At least this many words of a question must be heard for it to have been asked. */
const HEARD_WORDS = 3;

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * Whether the candidate heard the question of a line (its first words at least), or only what
 * came before it: a candidate who cut in during "All right. Let's talk about JavaScript." was
 * asked nothing, and what they said then is not an answer to that question (issue 27).
 */
export function heardTheQuestion(message: { message: string; meta: { heard?: string } }): boolean {
  const { heard } = message.meta;
  if (heard === undefined) return true;
  const start = questionStart(message.message);
  const question = wordCount(message.message.slice(start));
  const before = wordCount(message.message.slice(0, start));
  return wordCount(heard) - before >= Math.min(HEARD_WORDS, question);
}

/** The kinds of line that ask something the candidate answers. */
const ASKING: readonly (AiMessageKind | undefined)[] = ['question', 'follow-up', 'repeat'];

/**
 * What an interviewer line was as the candidate heard it: its kind, or null when it asks
 * something and they cut it off before the question (it asked them nothing). The report's
 * grouping and the kind of the next generated line read lines this way.
 */
export function kindAsHeard(message: {
  message: string;
  meta: { kind?: AiMessageKind; heard?: string };
}): AiMessageKind | undefined | null {
  const { kind } = message.meta;
  return ASKING.includes(kind) && !heardTheQuestion(message) ? null : kind;
}
