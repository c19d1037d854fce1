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
