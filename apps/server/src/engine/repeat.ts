/**
 * "Could you repeat the question?": the candidate asks to hear the last question again (issue 27).
 * The interviewer says it again (`repeat`), and the request is not an answer to be scored. Said or
 * typed, recognised by its words: only a short utterance that is nothing but the request counts,
 * so "we had to repeat the migration" stays an answer.
 */

const REQUESTS = [
  /\b(?:can|could|would|will) you (?:please |just )?(?:repeat|rephrase|say (?:that|it|the question|this) (?:again|once more))\b/,
  /\b(?:please |sorry,? )?repeat (?:that|it|the question|your question|the last question|this)\b/,
  /^(?:sorry,? |um,? |uh,? )*(?:please )?(?:repeat|rephrase)(?: please)?$/,
  /\b(?:say|ask) (?:that|it|the question) again\b/,
  /\bone more time\b/,
  /^(?:sorry,? |um,? )*(?:pardon|come again)\b/,
  /\bi (?:didn'?t|did not|couldn'?t|could not) (?:quite )?(?:catch|hear|get|understand) (?:that|it|the question|what you said|you)\b/,
  /\bwhat was the question\b/,
  /\bwhat (?:was|is) the question again\b/,
];

/** Longer than this, the words are an answer that happens to contain a request. */
const MAX_WORDS = 14;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' ,]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when what the candidate said asks only to hear the question again. */
export function asksToRepeat(said: string): boolean {
  const text = normalise(said);
  if (text === '' || text.split(' ').length > MAX_WORDS) return false;
  return REQUESTS.some((r) => r.test(text));
}

/** What the interviewer says before the question it repeats. */
export const REPEAT_LEAD = 'Of course.';
